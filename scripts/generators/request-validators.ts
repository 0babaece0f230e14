/**
 * Writes generated/request-validators.ts: the request-body schemas of both generated OpenAPI
 * documents compiled ahead of time to standalone ajv code (JSON Schema 2020-12), the register rule
 * of every constraint, and a table "METHOD /path" -> validator. The networks of one template
 * share one validator: catalog names are checked by the `x-names` keyword against the name sets
 * the caller passes as `this` (src/request-checks/name-sets.ts), so no enum is inlined.
 *
 * The code imports only the `date` format of src/validators/formats.ts: `unicode: false` keeps
 * ajv's ucs2length helper out (the schemas bound string lengths by 1 only, where both counts
 * agree), so a browser bundle carries no ajv runtime.
 */
import { parse } from 'yaml';
import { Ajv, _, type CodeKeywordDefinition, type KeywordCxt } from 'ajv';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import type { Artifact, StepContext } from './artifact.js';
import { banner } from './banner.js';
import { requestSchema, type ConstraintRule, type RequestSchema } from './request-schemas.js';
import { templateName } from './validators-rules.js';
import { formats } from '../../src/validators/formats.js';

export const SCRIPT = 'scripts/generators/request-validators.ts';
export const OUTPUT = 'generated/request-validators.ts';

// ajv modules are CommonJS with `exports.default`.
const standaloneCode = ((standaloneCodeModule as any).default ?? standaloneCodeModule) as typeof import('ajv/dist/standalone/index.js').default;

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

/** A compiler for request schemas: all errors, `this` passed to every check, no ajv runtime. */
export function createRequestAjv(source: boolean) {
  const ajv = new Ajv({
    allErrors: true, messages: false, strict: true, strictTypes: false, passContext: true, unicode: false, logger: QUIET_UNICODE,
    code: { source, esm: true, lines: true, formats: _`formats` },
  });
  ajv.addFormat('date', formats.date);
  ajv.addKeyword(NAMES_KEYWORD);
  return ajv;
}

/** One operation with a request body schema. */
interface BodyOperation {
  operation: string;
  version: number;
  /** The spec template of the body schema (`NetworkMetricsRequest`), for the validator's name. */
  template: string;
  schema: RequestSchema;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every operation of one document with a JSON request body, with its prepared schema. */
export function bodyOperations(doc: Record<string, unknown>, version: number, facts: Omit<Parameters<typeof requestSchema>[2], 'where'>): BodyOperation[] {
  const components = ((doc.components as Record<string, unknown> | undefined)?.schemas ?? {}) as Record<string, unknown>;
  const out: BodyOperation[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, unknown>)) {
    for (const [method, op] of Object.entries(isObject(item) ? item : {})) {
      const body = isObject(op) && isObject(op.requestBody) ? (op.requestBody.content as any)?.['application/json']?.schema : undefined;
      if (!isObject(body)) continue;
      const operation = `${method.toUpperCase()} ${path}`;
      const template = typeof body.$ref === 'string' ? templateName(body.$ref.split('/').pop()!, facts.networks) : 'RequestBody';
      const schema = requestSchema(body, components, { ...facts, where: `request validators: ${operation}` });
      out.push({ operation, version, template, schema });
    }
  }
  return out;
}

const literal = (value: unknown) => JSON.stringify(value);

/** `validateNetworkMetricsRequestV1` -> `metricsRequestV1`: the name of its checks. */
const checksName = (validator: string) => validator.replace(/^validate(Network)?(.)/, (_, _n, c: string) => c.toLowerCase());

function rulesLiteral(rules: Map<string, ConstraintRule>): string {
  return ['{', ...[...rules].map(([at, r]) => `    ${literal(at)}: ${literal(r)},`), '  }'].join('\n');
}

/** The module text: standalone code, then the rule tables and the operation table. */
export function requestValidatorsModule(operations: BodyOperation[]): string {
  const ajv = createRequestAjv(true);
  const byShape = new Map<string, { name: string; schema: RequestSchema }>();
  const entries: string[] = [];
  for (const op of operations) {
    const key = JSON.stringify(op.schema.schema);
    let shared = byShape.get(key);
    if (!shared) {
      shared = { name: `validate${op.template}V${op.version}`, schema: op.schema };
      byShape.set(key, shared);
      ajv.addSchema(op.schema.schema, shared.name);
    } else if (JSON.stringify([...shared.schema.rules]) !== JSON.stringify([...op.schema.rules])) {
      throw new Error(`request validators: ${op.operation} shares its schema with another operation but not its rules`);
    }
    entries.push(`  ${literal(op.operation)}: ${checksName(shared.name)},`);
  }
  const exports = Object.fromEntries([...byShape.values()].map((s) => [s.name, s.name]));
  const code = standaloneCode(ajv, exports).replace(/^"use strict";/, '');
  if (/\brequire\(/.test(code)) throw new Error('request validators: the standalone code still loads an ajv runtime module');
  const shapes = [...byShape.values()].map(({ name, schema }) =>
    [`/** The checks of ${name.replace(/^validate/, '')} bodies. */`, `const ${checksName(name)}: RequestBodyChecks = {`, `  validate: ${name},`, `  members: ${literal(schema.members)},`, `  rules: ${rulesLiteral(schema.rules)},`, '};'].join('\n'),
  );
  return [
    banner(SCRIPT, 'slash').trimEnd(),
    '// @ts-nocheck: standalone ajv code; the exports are typed below.',
    '/**',
    ' * The request-body schemas of generated/openapi/v1.yaml and v2.yaml compiled to standalone ajv',
    ' * code, with the register rule of each constraint ("schema pointer" -> rule, API error code).',
    ' * Call a validator with the name sets of the request\'s network as `this`.',
    ' */',
    "import { formats } from '../src/validators/formats.js';",
    "import type { RequestBodyChecks } from '../src/request-checks/schema-types.js';",
    '',
    code.trim(),
    '',
    ...shapes.flatMap((s) => [s, '']),
    '/** operation ("METHOD /path") -> the checks of its request body. */',
    'export const requestBodyChecks: Readonly<Record<string, RequestBodyChecks>> = {',
    ...entries,
    '};',
    '',
  ].join('\n');
}

/** The generation step: reads the OpenAPI artifacts of the earlier openapi step. */
export function requestValidatorArtifacts(context: Pick<StepContext, 'produced' | 'model'>): Artifact[] {
  const { model } = context;
  const facts = { ruleIds: new Set(model.rules.map((r) => r.id)), limits: model.limits, networks: model.networks.map((n) => n.name) };
  const operations: BodyOperation[] = [];
  for (const version of [1, 2]) {
    const path = `generated/openapi/v${version}.yaml`;
    const artifact = context.produced.get(path);
    if (!artifact) throw new Error(`request validators: ${path} was not produced by an earlier step`);
    const text = typeof artifact.content === 'string' ? artifact.content : Buffer.from(artifact.content).toString('utf8');
    operations.push(...bodyOperations(parse(text) as Record<string, unknown>, version, facts));
  }
  return [{ path: OUTPUT, content: requestValidatorsModule(operations) }];
}
