/**
 * Makes ajv's standalone code of one module smaller to load, without changing what it computes.
 * A process that imports the validators parses every module a bundler put in its file, so the
 * size of this code is most of their cold start:
 *   - every reported error is appended by one call, `vErrors = pushError(vErrors, instancePath,
 *     schemaPath, keyword, params)`, instead of ajv's object literal and six-line
 *     `if (vErrors === null) ... else vErrors.push(err)`: the same list of the same error objects
 *     (same members in the same order; no `message`, AJV_OPTIONS), built only for invalid bodies;
 *   - the module-level names ajv numbers across the whole compiler (`validate24`, `schema40`,
 *     `obj5`, ...) are numbered again from 0 within the module, in order of appearance, so a
 *     module's code depends only on what it checks: two operations (or versions) whose
 *     validators are the same get the same code, and one module (validators-layout.ts);
 *   - the module's exports are one `module.exports = { ... }` of its constants, not esbuild's
 *     conversion of ES exports (a dozen helper lines per module, and a getter per export).
 * Both rewrites check that they left nothing of the old form behind: a change of ajv's output
 * fails the generation instead of passing unnoticed.
 */

/** The appending function added to every module that reports errors. */
export const PUSH_ERROR = [
  'function pushError(errors, instancePath, schemaPath, keyword, params) {',
  '  const error = { instancePath, schemaPath, keyword, params };',
  '  if (errors === null) return [error];',
  '  errors.push(error);',
  '  return errors;',
  '}',
].join('\n');

/** ajv's code for one error: `const errN = {...};` then its six-line append. */
const ERROR_APPEND = /const (err\d+) = ((?:(?!\nconst err\d+ = )[\s\S])*?);\nif\(vErrors === null\)\{\nvErrors = \[\1\];\n\}\nelse \{\nvErrors\.push\(\1\);\n\}\n/g;

const STRING = String.raw`"(?:[^"\\]|\\.)*"`;

/** An error object as ajv writes it (`instancePath` alone is the shorthand of `instancePath: instancePath`). */
const ERROR_OBJECT = new RegExp(String.raw`^\{instancePath(?::([\s\S]+?))?,schemaPath:(${STRING}),keyword:(${STRING}),params:(\{[\s\S]*\})\}$`);

/** The arguments of `pushError` for one of ajv's error objects. */
function pushArguments(error: string): string {
  const match = ERROR_OBJECT.exec(error);
  if (!match) throw new Error(`validators: an error object of the standalone code has an unexpected form (ajv changed?): ${error}`);
  const [, instancePath = 'instancePath', schemaPath, keyword, params] = match;
  return [instancePath, schemaPath, keyword, params].join(', ');
}

/** Every error appended by `pushError`. */
export function foldErrorAppends(code: string): string {
  if (/\bpushError\b/.test(code)) throw new Error('validators: the standalone code already names pushError');
  const folded = code.replace(ERROR_APPEND, (_, _name: string, error: string) => `vErrors = pushError(vErrors, ${pushArguments(error)});\n`);
  if (/vErrors === null|vErrors\.push\(/.test(folded)) throw new Error('validators: an error append of the standalone code has an unexpected form (ajv changed?)');
  if (folded === code) return code;
  const [first, ...rest] = folded.split('\n');
  // After the "use strict" directive ajv puts first.
  if (first !== '"use strict";') throw new Error('validators: standalone code does not start with "use strict"');
  return [first, PUSH_ERROR, ...rest].join('\n');
}

/** Module-level names ajv numbers across its compiler. */
const NUMBERED = /\b(validate|schema|func|obj|pattern|formats)\d+\b/g;

/** The names the module declares at its top level (ajv's standalone code is not indented). */
function declaredNames(code: string): Set<string> {
  return new Set([...code.matchAll(/^(?:const|let|var|function) ((?:validate|schema|func|obj|pattern|formats)\d+)\b/gm)].map((m) => m[1]));
}

/** The numbered names renumbered from 0 per prefix, in order of first appearance. */
export function renumberNames(code: string): string {
  const declared = declaredNames(code);
  const next = new Map<string, number>();
  const renamed = new Map<string, string>();
  for (const [name, prefix] of code.matchAll(NUMBERED)) {
    if (!declared.has(name)) throw new Error(`validators: the standalone code uses ${name} without declaring it`);
    if (renamed.has(name)) continue;
    const n = next.get(prefix) ?? 0;
    next.set(prefix, n + 1);
    renamed.set(name, `${prefix}${n}`);
  }
  return code.replace(NUMBERED, (name) => renamed.get(name)!);
}

/** Both rewrites, on ajv's standalone code before it is bundled. */
export const compactStandalone = (code: string): string => renumberNames(foldErrorAppends(code));

/** A module whose exports are all `export const x = ...;` as CommonJS: its constants, then `module.exports`. */
export function commonJsExports(code: string): string {
  const names = [...code.matchAll(/^export const (\w+) = /gm)].map((m) => m[1]);
  const plain = code.replace(/^export const /gm, 'const ');
  if (/^\s*export\b/m.test(plain)) throw new Error('validators: a module exports something else than a constant');
  return `${plain}\nmodule.exports = { ${names.join(', ')} };\n`;
}
