/**
 * Writes generated/request-validators.ts: the request-body schemas of both generated OpenAPI
 * documents compiled ahead of time to standalone ajv code (JSON Schema 2020-12), the register rule
 * of every constraint, and per version the body checks of each operation kind (`v1Bodies`,
 * `v2Bodies`: separate values, so a bundle of one version's builders holds only that version's
 * validators; the operations themselves are listed once, in generated/operations.ts). The networks of one template share one validator: catalog names
 * are checked by the `x-names` keyword against the name sets the caller passes as `this`
 * (src/request-checks/name-sets.ts), so no enum is inlined. Rule tables hold a pointer only where
 * the rule changes (./rule-table.ts), and entries that several body shapes have alike once.
 *
 * The module imports nothing: a `format: date` is compiled as the pattern of its shape, its
 * calendar day checked by the runtime (./request-schemas.ts); `unicode: false` keeps ajv's
 * ucs2length helper out (the schemas bound string lengths by 1 only, where both counts agree).
 * The types of its exports are src/request-checks/schema-types.ts's, which wraps it.
 */
import { isObject } from '../../schema/walk.js';
import { _, type CodeKeywordDefinition, type KeywordCxt } from 'ajv';
import type { Artifact, StepContext } from '../artifact.js';
import { banner } from '../banner.js';
import { requestSchema, type ConstraintRule, type RequestSchema } from './request-schemas.js';
import { operationFacts } from '../data/operations.js';
import { compactRules, shareRules } from './rule-table.js';
import { bundleStandalone, standaloneSource, type CompilerSetup } from './standalone-validators.js';
import { buildOpenApi, componentTemplates } from '../openapi/openapi-bundle.js';

export const SCRIPT = 'scripts/generators/validators/request-validators.ts';
export const OUTPUT = 'generated/request-validators.ts';

/** The keyword that checks a string against a catalog name set of the validation context. */
export const NAMES_KEYWORD: CodeKeywordDefinition = {
  keyword: 'x-names',
  type: 'string',
  schemaType: 'string',
  error: { message: 'must be a catalog name', params: ({ schema }) => _`{names: ${schema as string}}` },
  code(cxt: KeywordCxt) {
    cxt.fail(_`!this[${cxt.schema as string}].has(${cxt.data})`);
  },
};

/** ajv's logger without its notice that `unicode` is deprecated (it is still honoured). */
const QUIET_UNICODE = {
  log: console.log,
  warn: (...args: unknown[]) => (String(args[0]).includes('option unicode') ? undefined : console.warn(...args)),
  error: console.error,
};

/** How request schemas are compiled: all errors, `this` passed to every check, no ajv runtime helper. */
export const REQUEST_SETUP: CompilerSetup = {
  keywords: [NAMES_KEYWORD],
  options: { passContext: true, unicode: false, logger: QUIET_UNICODE },
};

/** One operation with a request body schema. */
interface BodyOperation {
  operation: string;
  version: number;
  /** The spec template of the body schema (`NetworkMetricsRequest`), for the validator's name. */
  template: string;
  schema: RequestSchema;
}

/** One operation of a document: its key, kind and network. */
interface OperationEntry {
  operation: string;
  kind: string;
  network?: string;
}


/** Every GET and POST operation of one document, in document order. */
function documentOperations(doc: Record<string, unknown>): { operation: string; path: string; op: Record<string, unknown> }[] {
  return Object.entries((doc.paths ?? {}) as Record<string, unknown>).flatMap(([path, item]) =>
    Object.entries(isObject(item) ? item : {})
      .filter(([method, op]) => (method === 'get' || method === 'post') && isObject(op))
      .map(([method, op]) => ({ operation: `${method.toUpperCase()} ${path}`, path, op: op as Record<string, unknown> })),
  );
}

/** Every operation of one document with a JSON request body, with its prepared schema. */
export function bodyOperations(doc: Record<string, unknown>, version: number, facts: Omit<Parameters<typeof requestSchema>[2], 'where'>): BodyOperation[] {
  const components = ((doc.components as Record<string, unknown> | undefined)?.schemas ?? {}) as Record<string, unknown>;
  const out: BodyOperation[] = [];
  for (const { operation, op } of documentOperations(doc)) {
    const body = isObject(op.requestBody) ? (op.requestBody.content as any)?.['application/json']?.schema : undefined;
    if (!isObject(body)) continue;
    const name = typeof body.$ref === 'string' ? body.$ref.split('/').pop()! : undefined;
    const template = name === undefined ? 'RequestBody' : (facts.templates.get(name) ?? name);
    const schema = requestSchema(body, components, { ...facts, where: `request validators: ${operation}` });
    out.push({ operation, version, template, schema });
  }
  return out;
}

const literal = (value: unknown) => JSON.stringify(value);

/** `validateNetworkMetricsRequestV1` -> `metricsRequestV1`: the name of its checks. */
const checksName = (validator: string) => validator.replace(/^validate(Network)?(.)/, (_, _n, c: string) => c.toLowerCase());

/** A rule table, one entry a line: the rule id alone, or the rule with its code or words. */
function rulesLiteral(rules: ReadonlyMap<string, ConstraintRule>, indent: string): string {
  if (!rules.size) return '{}';
  const value = (r: ConstraintRule) => literal(Object.keys(r).length === 1 ? r.rule : r);
  return ['{', ...[...rules].map(([at, r]) => `${indent}  ${literal(at)}: ${value(r)},`), `${indent}}`].join('\n');
}

/** `[sharedRules, {...own entries}]`: the tables a shape shares with others, then its own. */
function tablesLiteral(sharedNames: string[], own: ReadonlyMap<string, ConstraintRule>): string {
  return `[${[...sharedNames, ...(own.size ? [rulesLiteral(own, '  ')] : [])].join(', ')}]`;
}

/** The checks of each body shape and the operation tables, as code appended to the standalone validators. */
function tablesSource(byShape: ReadonlyMap<string, { name: string; schema: RequestSchema }>, checksOf: ReadonlyMap<string, string>, versions: ReadonlyMap<number, OperationEntry[]>): string {
  const compact = new Map([...byShape.values()].map(({ name, schema }) => [checksName(name), compactRules(schema.rules, `request validators: ${name}`)]));
  const { shared, own } = shareRules(compact);
  const sharedTables = shared.map((s) => [`/** Rules that ${s.shapes.join(', ')} have alike. */`, `const ${s.name} = ${rulesLiteral(s.rules, '')};`].join('\n'));
  const shapes = [...byShape.values()].map(({ name, schema }) =>
    [
      `/** The checks of ${name.replace(/^validate/, '')} bodies. */`,
      `const ${checksName(name)} = {`,
      `  validate: ${name},`,
      `  members: ${literal(schema.members)},`,
      `  days: ${literal(schema.days)},`,
      `  rules: ${tablesLiteral(shared.filter((s) => s.shapes.includes(checksName(name))).map((s) => s.name), own.get(checksName(name))!)},`,
      '};',
    ].join('\n'),
  );
  const requiredOf = new Map([...byShape.values()].map(({ name, schema }) => [checksName(name), schema.required]));
  const tables = [...versions].map(([version, entries]) => {
    const byKind = new Map<string, string>();
    const byOperation = new Map<string, string>();
    for (const entry of entries) {
      const checks = checksOf.get(entry.operation);
      if (!checks) continue;
      const usual = byKind.get(entry.kind);
      if (usual === undefined) byKind.set(entry.kind, checks);
      else if (usual !== checks) {
        // A network whose body differs from the others of its kind (no `sort` where they offer it): checks of its own.
        if (JSON.stringify(requiredOf.get(checks)) !== JSON.stringify(requiredOf.get(usual))) {
          throw new Error(`request validators: ${entry.operation} requires members ${requiredOf.get(checks)!.join(', ')}, other ${entry.kind} operations of version ${version} ${requiredOf.get(usual)!.join(', ')}`);
        }
        byOperation.set(entry.operation, checks);
      }
    }
    return [
      `/** Version ${version}: operation kind -> the checks of its body (the usual shape of the kind's bodies). */`,
      `export const v${version}Bodies = {`,
      ...[...byKind].map(([kind, checks]) => `  ${literal(kind)}: ${checks},`),
      '};',
      '',
      `/** Version ${version}: operation -> the checks of its body, for an operation whose body differs from the usual shape of its kind. */`,
      byOperation.size ? [`export const v${version}OperationBodies = {`, ...[...byOperation].map(([key, checks]) => `  ${literal(key)}: ${checks},`), '};'].join('\n') : `export const v${version}OperationBodies = {};`,
      '',
      `/** Version ${version}: operation kind -> the members its body must hold (its schema's \`required\`, alike for every operation of the kind; a table of its own, so that a bundle that does not read it holds none). */`,
      `export const v${version}RequiredMembers = {`,
      ...[...byKind].map(([kind, checks]) => `  ${literal(kind)}: ${literal(requiredOf.get(checks))},`),
      '};',
    ].join('\n');
  });
  return [...sharedTables, ...shapes, ...tables].join('\n\n');
}

/**
 * The module text: standalone code of each body shape, its checks (validator, members, rule
 * table), then per version the checks of each operation kind's body, bundled with esbuild.
 */
export async function requestValidatorsModule(root: string, operations: BodyOperation[], versions: ReadonlyMap<number, OperationEntry[]>): Promise<string> {
  const byShape = new Map<string, { name: string; schema: RequestSchema }>();
  const checksOf = new Map<string, string>();
  for (const op of operations) {
    // A body schema that accepts anything (the label lists': their body is not shown) checks nothing.
    if (!Object.keys(op.schema.schema).length) continue;
    const key = JSON.stringify(op.schema.schema);
    let shared = byShape.get(key);
    if (!shared) {
      shared = { name: `validate${op.template}V${op.version}`, schema: op.schema };
      byShape.set(key, shared);
    } else if (JSON.stringify([...shared.schema.rules]) !== JSON.stringify([...op.schema.rules])) {
      throw new Error(`request validators: ${op.operation} shares its schema with another operation but not its rules`);
    }
    checksOf.set(op.operation, checksName(shared.name));
  }
  const shapes = [...byShape.values()];
  const code = standaloneSource({ schemas: shapes.map(({ name, schema }) => ({ ...schema.schema, $id: name })), exports: new Map(shapes.map(({ name }) => [name, name])) }, REQUEST_SETUP);
  const bundled = await bundleStandalone(root, [code, tablesSource(byShape, checksOf, versions)].join('\n'), 'esm', 'request validators');
  return [
    banner(SCRIPT, 'slash').trimEnd(),
    '// @ts-nocheck: standalone ajv code; src/request-checks/schema-types.ts gives the exports their types.',
    '/**',
    ' * The request-body schemas of generated/openapi/v1.yaml and v2.yaml compiled to standalone ajv',
    ' * code, with the register rule of each constraint (schema pointer -> rule: the nearest entry',
    " * at or above a constraint's pointer), and one table of operations per version, so that a",
    " * bundle of one version's builders holds only the validators of that version. Call a",
    " * validator with the name sets of the request's network as `this`.",
    ' */',
    bundled.trim(),
    '',
  ].join('\n');
}

/** The generation step: reads the OpenAPI artifacts of the earlier openapi step. */
export async function requestValidatorArtifacts(context: Pick<StepContext, 'root' | 'produced' | 'model'>): Promise<Artifact[]> {
  const { model } = context;
  const operations: BodyOperation[] = [];
  const versions = new Map<number, OperationEntry[]>();
  for (const version of [1, 2] as const) {
    const facts = { ruleIds: new Set(model.rules.map((r) => r.id)), limits: model.limits, templates: componentTemplates(model, version) };
    const doc = buildOpenApi(model, version) as Record<string, unknown>;
    operations.push(...bodyOperations(doc, version, facts));
    versions.set(version, documentOperations(doc).map(({ operation, path }) => ({ operation, ...operationFacts(model, version, path) })));
  }
  return [{ path: OUTPUT, content: await requestValidatorsModule(context.root, operations, versions) }];
}
