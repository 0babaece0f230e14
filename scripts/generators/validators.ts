/**
 * Writes generated/validators/v1.js and v2.js (+ .d.ts): every response schema of the generated
 * OpenAPI documents compiled to standalone ajv code (JSON Schema 2020-12), bundled with esbuild
 * so that the output imports nothing: loading it never loads the ajv compiler.
 *
 * The schemas are read from the artifacts of the openapi step (`generated/openapi/v*.yaml`), so
 * validators and spec cannot disagree. Each module exports one validate function per operation
 * and status (`getFacebookMetrics_200`), the success branch of each 200 (`getFacebookMetrics_success`),
 * `FailureBody`, and `responseValidators`, a table keyed by "METHOD /path".
 */
import { parse } from 'yaml';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import { _ } from 'ajv';
import { build } from 'esbuild';
import type { Artifact, StepContext } from './artifact.js';
import { banner } from './banner.js';
import { versionSchemas, type ResponseSchema, type VersionSchemas } from './validators-schemas.js';
import { compactRuleTable, schemaRuleTable } from './validators-rules.js';
import { formats } from '../../src/validators/formats.js';
import { UTC_DATE_TIME_PATTERN } from '../../src/calendar/date-times.js';
import { membersKeyword, withMemberChecks } from './validators-members.js';

export const SCRIPT = 'scripts/generators/validators.ts';

// ajv modules are CommonJS with `exports.default`.
const standaloneCode = ((standaloneCodeModule as any).default ?? standaloneCodeModule) as typeof import('ajv/dist/standalone/index.js').default;

/** Options shared by the generator and by anything that compiles the same schemas at run time (tests, bench). */
export const AJV_OPTIONS = { allErrors: true, strict: true, strictTypes: false, validateFormats: true } as const;

/** Formats used by the specs (src/validators/formats.ts, bundled into the output). */
export const FORMATS = ['date', 'date-time'] as const;

/** How the standalone code imports the formats; esbuild resolves it from the project root. */
const FORMATS_IMPORT = _`require("./src/validators/formats.ts").formats`;

/** A fresh Ajv 2020-12 instance with the generator's options, formats and the `x-members` keyword. */
export function createAjv(source: boolean) {
  const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source, esm: true, lines: true, formats: FORMATS_IMPORT } });
  for (const name of FORMATS) ajv.addFormat(name, formats[name]);
  ajv.addKeyword(membersKeyword);
  return ajv;
}

/** `$id` of a response schema that is not a plain component reference. */
const responseId = (input: VersionSchemas, r: ResponseSchema) => `${input.base}responses/${r.operationId}/${r.status}`;

/** Every schema to add to the compiler: components, then composite response schemas. */
export function compilerSchemas(input: VersionSchemas): Record<string, unknown>[] {
  const composite = input.responses.filter((r) => !r.component).map((r) => ({ $id: responseId(input, r), ...r.schema }));
  return [...input.components.values(), ...composite];
}

/**
 * A schema as the generator compiles it: wide objects checked member by member
 * (validators-members.ts), and a post date-time's `format: date-time` left to the runtime, which
 * checks the calendar part of every such value once, in the same pass as its documented shape
 * (src/validators/checks/posts.ts); the schema's `pattern` still checks the UTC shape.
 */
function compiledForm(schema: unknown, name: string, rules: ReadonlyMap<string, string>): Record<string, unknown> {
  const withoutUtcFormat = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(withoutUtcFormat);
    if (typeof node !== 'object' || node === null) return node;
    const record = node as Record<string, unknown>;
    const out = Object.fromEntries(Object.entries(record).map(([k, v]) => [k, k === 'enum' || k === 'const' ? v : withoutUtcFormat(v)]));
    if (record.format === 'date-time' && record.pattern === UTC_DATE_TIME_PATTERN) delete out.format;
    return out;
  };
  return withMemberChecks(withoutUtcFormat(schema), name, rules) as Record<string, unknown>;
}

/** {@link compilerSchemas} in the form the generator compiles them ({@link compiledForm}). */
export function precompiledSchemas(input: VersionSchemas, rules: ReadonlyMap<string, string>): Record<string, unknown>[] {
  const composite = input.responses.filter((r) => !r.component).map((r) => compiledForm({ $id: responseId(input, r), ...r.schema }, responseSchemaName(r), rules));
  return [...[...input.components].map(([name, schema]) => compiledForm(schema, name, rules)), ...composite];
}

/** The export names of one version: name -> schema `$id`. Deterministic order. */
export function exportRefs(input: VersionSchemas): Map<string, string> {
  const refs = new Map<string, string>();
  refs.set('FailureBody', `${input.base}FailureBody`);
  for (const r of input.responses) {
    refs.set(`${r.operationId}_${r.status}`, r.component ? `${input.base}${r.component}` : responseId(input, r));
    if (r.success) refs.set(`${r.operationId}_success`, `${input.base}${r.success}`);
  }
  return refs;
}

/** Name of the schema a response validator checks: its component, or `responses/<operationId>/<status>`. */
const responseSchemaName = (r: ResponseSchema) => r.component ?? `responses/${r.operationId}/${r.status}`;

/** The facts the rule table needs: network names (for templates) and the register's rule ids. */
export interface RuleFacts {
  networks: readonly string[];
  ruleIds: ReadonlySet<string>;
}

/** The rule table appended to the standalone code. */
function rulesCode(table: Map<string, string>): string {
  const lines = [
    '',
    '/**',
    ' * "Component/schema/pointer/keyword" -> the register rule a failure of that constraint breaks;',
    ' * A key whose first property name is "*" stands for every property of that component.',
    ' */',
    'export const schemaRules = {',
  ];
  for (const [where, rule] of table) lines.push(`  ${JSON.stringify(where)}: ${JSON.stringify(rule)},`);
  lines.push('};', '');
  return lines.join('\n');
}

/** The table appended to the standalone code: operation -> status -> validator. */
function tableCode(input: VersionSchemas): string {
  const byOperation = new Map<string, { responses: string[]; names: string[]; success?: string; successName?: string }>();
  for (const r of input.responses) {
    const entry = byOperation.get(r.operation) ?? { responses: [], names: [] };
    entry.responses.push(`${JSON.stringify(r.status)}: ${r.operationId}_${r.status}`);
    entry.names.push(`${JSON.stringify(r.status)}: ${JSON.stringify(responseSchemaName(r))}`);
    if (r.success) {
      entry.success = `${r.operationId}_success`;
      entry.successName = r.success;
    }
    byOperation.set(r.operation, entry);
  }
  const lines = ['', '/** operation ("METHOD /path") -> documented responses by HTTP status, the success branch of 200 and the failure body. */', 'export const responseValidators = {'];
  for (const [operation, entry] of byOperation) {
    lines.push(
      `  ${JSON.stringify(operation)}: {`,
      `    responses: { ${entry.responses.join(', ')} },`,
      `    success: ${entry.success ?? 'undefined'},`,
      '    failure: FailureBody,',
      `    schemas: { responses: { ${entry.names.join(', ')} }, success: ${entry.successName ? JSON.stringify(entry.successName) : 'undefined'}, failure: "FailureBody" },`,
      '  },',
    );
  }
  lines.push('};', '');
  return lines.join('\n');
}

function declarationCode(input: VersionSchemas, refs: Map<string, string>): string {
  return [
    banner(SCRIPT, 'slash').trimEnd(),
    `/** Precompiled response validators of API version ${input.version} (standalone ajv code). */`,
    '',
    "import type { CompiledValidator, OperationValidators } from '../../src/validators/compiled-types.js';",
    "export type { CompiledValidator, CompiledValidatorError, OperationValidators } from '../../src/validators/compiled-types.js';",
    '',
    ...[...refs.keys()].map((name) => `export declare const ${name}: CompiledValidator;`),
    '',
    '/** operation ("METHOD /path") -> its validators. */',
    'export declare const responseValidators: Readonly<Record<string, OperationValidators>>;',
    '',
    '/** "Component/schema/pointer/keyword" -> the register rule a failure of that constraint breaks. */',
    'export declare const schemaRules: Readonly<Record<string, string>>;',
    '',
  ].join('\n');
}

/**
 * The runtime decides a 200 `oneOf: [success, FailureBody]` by the body's `success` member
 * instead of running both branches; that is exact only when the branches are told apart by
 * `success` (`const: true` / `const: false`, required in both). Checked here for every 200.
 */
export function assertSuccessDiscriminates(input: VersionSchemas): void {
  const successConst = (name: string) => {
    const schema = input.components.get(name) as { required?: string[]; properties?: { success?: { const?: unknown } } } | undefined;
    return schema?.required?.includes('success') ? schema.properties?.success?.const : undefined;
  };
  if (successConst('FailureBody') !== false) throw new Error(`validators v${input.version}: FailureBody must require success: const false`);
  for (const r of input.responses) {
    const branches = (r.schema as { oneOf?: unknown[] }).oneOf;
    if (!branches) continue;
    if (branches.length !== 2 || !r.success || successConst(r.success) !== true) {
      throw new Error(`validators v${input.version}: ${r.operation} ${r.status} must be oneOf [a success body with success: const true, FailureBody]`);
    }
  }
}

/** Standalone ESM code of one version, before bundling (still `require`s ajv runtime helpers). */
export function standaloneSource(input: VersionSchemas, facts: RuleFacts): string {
  assertSuccessDiscriminates(input);
  const ajv = createAjv(true);
  const fullRules = schemaRuleTable(input, facts.networks, facts.ruleIds);
  for (const schema of precompiledSchemas(input, fullRules)) ajv.addSchema(schema);
  // standaloneCode emits a schema's code again for every export naming it: export each schema
  // once and alias the other names to it.
  const firstName = new Map<string, string>();
  const aliases: string[] = [];
  for (const [name, id] of exportRefs(input)) {
    const first = firstName.get(id);
    if (first) aliases.push(`export const ${name} = ${first};`);
    else firstName.set(id, name);
  }
  const unique = Object.fromEntries([...firstName].map(([id, name]) => [name, id]));
  const rules = compactRuleTable(fullRules);
  return [standaloneCode(ajv, unique), '', ...aliases, tableCode(input), rulesCode(rules)].join('\n');
}

/** Bundles the standalone code with its runtime helpers (ajv runtime functions, formats) into one import-free module. */
async function bundle(root: string, source: string, version: number): Promise<string> {
  const result = await build({
    stdin: { contents: source, resolveDir: root, sourcefile: `validators-v${version}.js`, loader: 'js' },
    absWorkingDir: root,
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['main', 'module'],
    target: 'es2022',
    legalComments: 'none',
    charset: 'utf8',
    banner: { js: banner(SCRIPT, 'slash').trimEnd() },
    logLevel: 'silent',
  });
  const text = result.outputFiles[0].text;
  if (/\brequire\(|^\s*import\s/m.test(text)) throw new Error(`validators v${version}: the bundle still loads modules`);
  return text;
}

/** Validator artifacts of one version. */
export async function versionValidatorArtifacts(root: string, yamlText: string, version: number, facts: RuleFacts): Promise<Artifact[]> {
  const input = versionSchemas(parse(yamlText) as Record<string, unknown>, version);
  const code = await bundle(root, standaloneSource(input, facts), version);
  return [
    { path: `generated/validators/v${version}.js`, content: code },
    { path: `generated/validators/v${version}.d.ts`, content: declarationCode(input, exportRefs(input)) },
  ];
}

/** The generation step: reads the OpenAPI artifacts of the earlier openapi step. */
export async function validatorArtifacts(context: Pick<StepContext, 'root' | 'produced' | 'model'>): Promise<Artifact[]> {
  const facts: RuleFacts = { networks: context.model.networks.map((n) => n.name), ruleIds: new Set(context.model.rules.map((r) => r.id)) };
  const out: Artifact[] = [];
  for (const version of [1, 2]) {
    const path = `generated/openapi/v${version}.yaml`;
    const artifact = context.produced.get(path);
    if (!artifact) throw new Error(`validators: ${path} was not produced by an earlier step`);
    const text = typeof artifact.content === 'string' ? artifact.content : Buffer.from(artifact.content).toString('utf8');
    out.push(...(await versionValidatorArtifacts(context.root, text, version, facts)));
  }
  return out;
}
