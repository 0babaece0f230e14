/**
 * The one way this project turns JSON Schemas into validator code, for response bodies
 * (./validators.ts) and request bodies (./request-validators.ts) alike: named schemas, each with
 * its own `$id` and sharing parts by `$ref`s to one definition, compiled by ajv and written as
 * ajv's standalone code (`ajv/dist/standalone`), then bundled by esbuild with the ajv runtime
 * helpers the code requires, so that the result imports nothing. The code is used as ajv writes
 * it: esbuild reprints it (one statement a line, indented) and leaves out what nothing reads, and
 * each error append is a call of one function (./error-appends.ts); it is not minified.
 *
 * Compiled with ajv's draft-07 class and ajv's vocabulary of the later drafts' `dependentRequired`,
 * `dependentSchemas`, `minContains` and `maxContains`: the specs use nothing else of 2020-12, and
 * the 2020-12 class would track evaluated members for `unevaluated*` and dynamic scopes for
 * `$dynamicRef` in every validator.
 */
import { Ajv, type AnySchemaObject, type KeywordDefinition, type Options } from 'ajv';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import nextVocabularyModule from 'ajv/dist/vocabularies/next.js';
import { build } from 'esbuild';
import { foldErrorAppends } from './error-appends.js';

// ajv modules are CommonJS with `exports.default`.
const standaloneCode = ((standaloneCodeModule as any).default ?? standaloneCodeModule) as typeof import('ajv/dist/standalone/index.js').default;
const nextVocabulary = ((nextVocabularyModule as any).default ?? nextVocabularyModule) as typeof import('ajv/dist/vocabularies/next.js').default;

/**
 * Options every compiled validator shares: every error listed, no `message` on errors (the
 * runtime writes its own from the keyword and params), unknown keywords refused.
 */
export const COMPILER_OPTIONS = { allErrors: true, messages: false, strict: true, strictTypes: false } as const satisfies Options;

/** What a set of schemas is compiled with beyond {@link COMPILER_OPTIONS}. */
export interface CompilerSetup {
  /** Keywords of the schemas that ajv does not know (`x-names`). */
  keywords?: readonly KeywordDefinition[];
  /** Further ajv options (`passContext`, `unicode`, `validateFormats`, ...). */
  options?: Options;
}

/** How standalone code is written: an ES module, or a CommonJS one (loaded lazily with `require`). */
export type ModuleFormat = 'esm' | 'cjs';

/** A compiler of `setup`; `source`: keep the code for standalone output, written as a `format` module. */
export function createCompiler(setup: CompilerSetup = {}, source = false, format: ModuleFormat = 'esm'): Ajv {
  const ajv = new Ajv({ ...COMPILER_OPTIONS, ...setup.options, code: { source, lines: true, esm: format === 'esm' } });
  ajv.addVocabulary(nextVocabulary);
  for (const keyword of setup.keywords ?? []) ajv.addKeyword(keyword);
  return ajv;
}

/** Schemas to compile and the validators to export from them. */
export interface StandaloneInput {
  /** Every schema, each with its own `$id`. */
  schemas: readonly AnySchemaObject[];
  /** Export name -> `$id` of the schema it validates (several names may name one schema). */
  exports: ReadonlyMap<string, string>;
}

/**
 * ajv's standalone code of `input` as a `format` module, each schema exported once under its
 * first name, and the other names exported as that one.
 */
export function standaloneSource(input: StandaloneInput, setup: CompilerSetup = {}, format: ModuleFormat = 'esm'): string {
  const ajv = createCompiler(setup, true, format);
  for (const schema of input.schemas) {
    if (!ajv.validateSchema(schema)) throw new Error(`schema ${String(schema.$id)}: ${schemaErrors(ajv.errors)}`);
    ajv.addSchema(schema);
  }
  const first = new Map<string, string>();
  const aliases: string[] = [];
  for (const [name, id] of input.exports) {
    const named = first.get(id);
    if (named) aliases.push(format === 'esm' ? `export { ${named} as ${name} };` : `exports.${name} = exports.${named};`);
    else first.set(id, name);
  }
  const code = standaloneCode(ajv, Object.fromEntries([...first].map(([id, name]) => [name, id])));
  return [code, ...aliases, ''].join('\n');
}

/**
 * The errors of a schema against the JSON Schema meta-schema, each at its pointer in the schema
 * (the compiler writes no messages, so the keyword and its parameters say what is wrong).
 */
function schemaErrors(errors: Ajv['errors']): string {
  return (errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.keyword} ${JSON.stringify(e.params)}`).join('; ');
}

/**
 * `source` (a `format` module, resolved from `root`) bundled with what it imports into one module
 * of that format that imports nothing. `name` names the input in errors.
 */
export async function bundleStandalone(root: string, source: string, format: ModuleFormat, name: string): Promise<string> {
  const result = await build({
    stdin: { contents: source, resolveDir: root, sourcefile: 'ajv-standalone.js', loader: 'js' },
    absWorkingDir: root,
    bundle: true,
    write: false,
    format,
    platform: 'neutral',
    mainFields: ['main', 'module'],
    target: 'es2022',
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
  });
  const text = result.outputFiles[0].text;
  if (/\brequire\(|^\s*import\s/m.test(text)) throw new Error(`${name}: the bundled validators still load a module`);
  return foldErrorAppends(text, name);
}
