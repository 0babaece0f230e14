/**
 * The layout of generated/validators: per version, one CommonJS module per operation
 * (`v2/getFacebookMetrics.cjs`: its response validators and the rules of their constraints), one
 * for the failure body every operation shares (`v2/failure.cjs`), and an ESM index (`v2/index.js`)
 * whose table loads a module on its first use. Importing the index loads no validator code, and a
 * bundler (esbuild, webpack, ...) includes every module as a lazily evaluated one: a process that
 * checks one operation pays for that operation (and the failure body) only.
 *
 * An operation's 200 body is `oneOf: [success body, FailureBody]`, decided by `success` (the
 * generator checks this): the runtime runs the branch `success` selects, so an operation's module
 * holds the success branch, and the statuses whose body is `FailureBody` use the shared module.
 */
import { banner } from './banner.js';
import type { ResponseSchema } from './validators-schemas.js';

/** The documented responses of one operation. */
export interface OperationResponses {
  /** "POST /2/facebook/metrics" */
  operation: string;
  operationId: string;
  responses: ResponseSchema[];
}

/** The responses of a version grouped by operation, in document order. */
export function operationsOf(responses: readonly ResponseSchema[]): OperationResponses[] {
  const byOperation = new Map<string, OperationResponses>();
  for (const r of responses) {
    const entry = byOperation.get(r.operation) ?? { operation: r.operation, operationId: r.operationId, responses: [] };
    entry.responses.push(r);
    byOperation.set(r.operation, entry);
  }
  return [...byOperation.values()];
}

/** Name of the schema a response validator checks: its component, or `responses/<operationId>/<status>`. */
export const responseSchemaName = (r: ResponseSchema) => r.component ?? `responses/${r.operationId}/${r.status}`;

/** File name of an operation's module, beside the index. */
export const moduleFile = (op: OperationResponses) => `${op.operationId}.cjs`;

/** The failure body's component: shared by every operation, in its own module. */
export const FAILURE = 'FailureBody';

/** Its module, beside the index. */
export const FAILURE_FILE = 'failure.cjs';

/**
 * The validators an operation's module compiles, by export name: the success branch of a 200
 * (`<operationId>_success`) and every other body that is not the failure body
 * (`<operationId>_<status>`). `id` gives a response's schema id.
 */
export function operationExportNames(op: OperationResponses, base: string, id: (r: ResponseSchema) => string): Map<string, string> {
  const names = new Map<string, string>();
  for (const r of op.responses) {
    if (r.success) names.set(`${op.operationId}_success`, `${base}${r.success}`);
    else if (r.component !== FAILURE) names.set(`${op.operationId}_${r.status}`, id(r));
  }
  return names;
}

/** Name of the validator of a status: its own, or undefined for the failure body and the 200 success-or-failure choice. */
const ownValidator = (op: OperationResponses, r: ResponseSchema) => (r.success || r.component === FAILURE ? undefined : `${op.operationId}_${r.status}`);

/** A rule table as exported code. */
function rulesCode(rules: ReadonlyMap<string, string>): string[] {
  return [
    '/**',
    ' * "Component/schema/pointer/keyword" -> the register rule a failure of that constraint breaks;',
    ' * A key whose first property name is "*" stands for every property of that component.',
    ' */',
    'export const schemaRules = {',
    ...[...rules].map(([where, rule]) => `  ${JSON.stringify(where)}: ${JSON.stringify(rule)},`),
    '};',
    '',
  ];
}

/** The exports appended to the failure body's standalone code: its rule table. */
export function failureExports(rules: ReadonlyMap<string, string>): string {
  return ['', ...rulesCode(rules)].join('\n');
}

/** The exports appended to an operation's standalone code: its validators and rule table. */
export function operationExports(op: OperationResponses, rules: ReadonlyMap<string, string>): string {
  const success = op.responses.find((r) => r.success);
  const own = op.responses.filter((r) => ownValidator(op, r));
  const lines = [
    '',
    '/**',
    ` * ${op.operation}: its documented HTTP statuses, the validators of its own bodies by status,`,
    ' * the success branch of its 200; the failure body comes from failure.cjs.',
    ' */',
    'export const validators = {',
    `  statuses: [${op.responses.map((r) => JSON.stringify(r.status)).join(', ')}],`,
    '  responses: {',
    ...own.map((r) => `    ${JSON.stringify(r.status)}: ${ownValidator(op, r)},`),
    '  },',
    `  success: ${success ? `${op.operationId}_success` : 'undefined'},`,
    '  schemas: {',
    '    responses: {',
    ...op.responses.map((r) => `      ${JSON.stringify(r.status)}: ${JSON.stringify(responseSchemaName(r))},`),
    '    },',
    `    success: ${success ? JSON.stringify(success.success) : 'undefined'},`,
    '  },',
    '};',
    '',
    ...rulesCode(rules),
  ];
  return lines.join('\n');
}

/** The ESM index of a version: operation -> a loader of its module. */
export function indexCode(script: string, version: number, ops: readonly OperationResponses[]): string {
  return [
    banner(script, 'slash').trimEnd(),
    '/**',
    ` * Precompiled response validators of API version ${version}: one CommonJS module per operation,`,
    ' * loaded on its first use. `require` is the bundler\'s where a bundler included the modules (they',
    ' * are then evaluated lazily), else one made for this file (Node: `process.getBuiltinModule`).',
    ' */',
    'const nodeRequire =',
    '  typeof require === "function"',
    '    ? undefined',
    '    : globalThis.process?.getBuiltinModule?.("module").createRequire(import.meta.url) ?? noRequire;',
    '',
    '/** Where neither a bundler nor Node provides `require`. */',
    'function noRequire(path) {',
    '  throw new Error(`cannot load the validators module ${path}: no require in this runtime`);',
    '}',
    '',
    '/** Loads the failure body\'s module (`{ FailureBody, schemaRules }`; cached). */',
    'export const failureModule = () =>',
    '  typeof require === "function"',
    `    ? require(${JSON.stringify(`./${FAILURE_FILE}`)})`,
    `    : nodeRequire(${JSON.stringify(`./${FAILURE_FILE}`)});`,
    '',
    '/** operation ("METHOD /path") -> loads its module (`{ validators, schemaRules }`; cached). */',
    'export const operationModules = {',
    ...ops.flatMap((op) => [
      `  ${JSON.stringify(op.operation)}: () =>`,
      '    typeof require === "function"',
      `      ? require(${JSON.stringify(`./${moduleFile(op)}`)})`,
      `      : nodeRequire(${JSON.stringify(`./${moduleFile(op)}`)}),`,
    ]),
    '};',
    '',
  ].join('\n');
}

/** Declarations of the index. */
export function indexDeclarations(script: string, version: number): string {
  return [
    banner(script, 'slash').trimEnd(),
    `/** Precompiled response validators of API version ${version}, one module per operation. */`,
    '',
    "import type { FailureModule, OperationModule } from '../../../src/validators/compiled-types.js';",
    'export type {',
    '  CompiledValidator,',
    '  CompiledValidatorError,',
    '  FailureModule,',
    '  OperationModule,',
    '  OperationValidators,',
    "} from '../../../src/validators/compiled-types.js';",
    '',
    '/** Loads the failure body\'s module (cached). */',
    'export declare const failureModule: () => FailureModule;',
    '',
    '/** operation ("METHOD /path") -> loads its module (cached). */',
    'export declare const operationModules: Readonly<Record<string, () => OperationModule>>;',
    '',
  ].join('\n');
}
