/**
 * Readies ajv's standalone code of the request validators for a browser bundle, without changing
 * what it checks or the errors it gives:
 * - the schema constants the code never reads are left out;
 * - ajv's statement that appends an error (`const errN = {...}; if (vErrors === null) ... else
 *   vErrors.push(errN);`), written out at every one of the hundred-odd constraints, becomes one
 *   call of `withError`, which does the same;
 * - `formats` holds the checks of the formats the code uses only (src/validators/formats.ts).
 * Each step checks that it changed what it must, so an ajv whose code reads otherwise stops
 * generation instead of passing through half-changed.
 */

/** The check of each format of src/validators/formats.ts, by the name the module exports it. */
const FORMAT_CHECKS: Readonly<Record<string, string>> = { date: 'isDate', 'date-time': 'isDateTime' };

/** The code without the schema constants it does not use. */
export function withoutUnusedSchemas(code: string): string {
  return code.replace(/^const (schema\d+) = .*\n/gm, (line, name: string) => (code.split(new RegExp(`\\b${name}\\b`)).length > 2 ? line : ''));
}

const APPEND_ERROR = /^const (err\d+) = (\{.*\});\nif\(vErrors === null\)\{\nvErrors = \[\1\];\n\}\nelse \{\nvErrors\.push\(\1\);\n\}\n/gm;

/** `withError`, which the code calls where ajv appends an error; its text for the module. */
export const WITH_ERROR = [
  '/** `list` (ajv\'s `vErrors`) with `error` appended: a new list when it is null. */',
  'function withError(list, error) {',
  '  if (list === null) return [error];',
  '  list.push(error);',
  '  return list;',
  '}',
].join('\n');

/** The code with every appended error written as `vErrors = withError(vErrors, {...});`. */
export function withErrorCalls(code: string): string {
  const out = code.replace(APPEND_ERROR, (_all, _name, error: string) => `vErrors = withError(vErrors, ${error});\n`);
  if (/vErrors\.push\(|vErrors = \[/.test(out)) throw new Error('request validators: ajv appends an error in a way standalone-code.ts does not know');
  return out;
}

/** The formats the code reads (`formats.date`). */
function usedFormats(code: string): string[] {
  const used = [...new Set([...code.matchAll(/\bformats(?:\.([\w$]+)|\["([^"]+)"\])/g)].map((m) => m[1] ?? m[2]))].sort();
  const unknown = used.filter((f) => !FORMAT_CHECKS[f]);
  if (unknown.length) throw new Error(`request validators: no check of the format ${unknown.join(', ')} in src/validators/formats.ts`);
  return used;
}

/** The import of the checks of the formats the code uses, and no other format's check. */
export function formatsImport(code: string): string {
  return `import { ${usedFormats(code).map((f) => FORMAT_CHECKS[f]).join(', ')} } from '../src/validators/formats.js';`;
}

/** The `formats` object the code reads: the formats it uses, as ajv reads them. */
export function formatsObject(code: string): string {
  const key = (f: string) => (/^[A-Za-z_$][\w$]*$/.test(f) ? f : JSON.stringify(f));
  const entries = usedFormats(code).map((f) => `${key(f)}: { type: "string", validate: ${FORMAT_CHECKS[f]} }`);
  return ['/** The formats the request schemas use, as ajv reads them. */', `const formats = { ${entries.join(', ')} };`].join('\n');
}
