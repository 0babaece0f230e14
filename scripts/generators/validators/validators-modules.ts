/**
 * The layout of generated/validators: per version, an ESM index (`v2/index.js`) whose table
 * loads an operation's module on its first use; the modules are CommonJS, one per distinct
 * code: an operation's validators and the rules of their constraints (`v2/listProfileLabels.cjs`),
 * the failure body every operation shares (`failure.cjs`). Operations, or versions, whose
 * validators are the same code share one module (validators-layout.ts): a module used by both
 * versions is in `shared/`. Importing an index loads no validator code, and a bundler (esbuild,
 * webpack, ...) includes every module as a lazily evaluated one: a process that checks one
 * operation pays for that operation's module (and the failure body's) only.
 *
 * An operation's 200 body is `oneOf: [success body, FailureBody]`, decided by `success` (the
 * generator checks this): the runtime runs the branch `success` selects, so an operation's module
 * holds the success branch, and the statuses whose body is `FailureBody` use the shared module.
 */
import { banner } from '../banner.js';
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

/** The failure body's component: shared by every operation, in its own module. */
export const FAILURE = 'FailureBody';

/**
 * The validators an operation's module compiles, by export name: the success branch of a 200
 * (`success`) and every other body that is not the failure body (`status<code>`); names that
 * do not depend on the operation, so that operations with the same validators get the same
 * code. `id` gives a response's schema id.
 */
export function operationExportNames(op: OperationResponses, id: (r: ResponseSchema) => string, base: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const r of op.responses) {
    if (r.success) names.set('success', `${base}${r.success}`);
    else if (r.component !== FAILURE) names.set(ownValidator(r)!, id(r));
  }
  return names;
}

/** Name of the validator of a status: its own, or undefined for the failure body and the 200 success-or-failure choice. */
const ownValidator = (r: ResponseSchema) => (r.success || r.component === FAILURE ? undefined : `status${r.status}`);

/** A rule table as exported code. */
function rulesCode(rules: ReadonlyMap<string, string>): string[] {
  return [
    '/**',
    ' * Schema pointer ("/Component/pointer/keyword") -> the register rule a failure of that',
    ' * constraint breaks: the nearest entry at or above a constraint\'s pointer.',
    ' */',
    'exports.schemaRules = {',
    ...[...rules].map(([where, rule]) => `  ${JSON.stringify(where)}: ${JSON.stringify(rule)},`),
    '};',
    '',
  ];
}

/** The exports appended to the failure body's standalone code (CommonJS, as ajv writes it): its rule table. */
export function failureExports(rules: ReadonlyMap<string, string>): string {
  return ['', ...rulesCode(rules)].join('\n');
}

/** The exports appended to an operation's standalone code (CommonJS, as ajv writes it): its validators and rule table. */
export function operationExports(op: OperationResponses, rules: ReadonlyMap<string, string>): string {
  const success = op.responses.find((r) => r.success);
  const own = op.responses.filter((r) => ownValidator(r));
  const lines = [
    '',
    '/**',
    ' * The documented HTTP statuses, the validators of the operation\'s own bodies by status, the',
    ' * success branch of its 200; the failure body comes from the failure body\'s module.',
    ' */',
    'exports.validators = {',
    `  statuses: [${op.responses.map((r) => JSON.stringify(r.status)).join(', ')}],`,
    '  responses: {',
    ...own.map((r) => `    ${JSON.stringify(r.status)}: exports.${ownValidator(r)},`),
    '  },',
    `  success: ${success ? 'exports.success' : 'undefined'},`,
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

/** Where an index finds a module: its path (relative to the index). */
export interface ModuleLoader {
  path: string;
}

/** Loader of a module (the bundler's `require`, else Node's). */
function loader({ path }: ModuleLoader, indent: string): string[] {
  const lines = [`typeof require === "function"`, `  ? require(${JSON.stringify(path)})`, `  : nodeRequire(${JSON.stringify(path)})`];
  return lines.map((line) => `${indent}${line}`);
}

/**
 * The ESM index of a version: operation -> a loader of its module. `failure` and the paths of
 * `operations` (operation -> module) are relative to the index.
 */
export function indexCode(script: string, version: number, failure: string, operations: ReadonlyMap<string, ModuleLoader>): string {
  return [
    banner(script, 'slash').trimEnd(),
    '/**',
    ` * Precompiled response validators of API version ${version}: CommonJS modules, each loaded on`,
    ' * the first use of an operation it serves. `require` is the bundler\'s where a bundler included',
    ' * the modules (they are then evaluated lazily), else one made for this file (Node:',
    ' * `process.getBuiltinModule`).',
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
    ...loader({ path: failure }, '  ').map((line, i, all) => (i === all.length - 1 ? `${line};` : line)),
    '',
    '/** operation ("METHOD /path") -> loads its module (`{ validators, schemaRules }`; cached). */',
    'export const operationModules = {',
    ...[...operations].flatMap(([operation, module]) => [`  ${JSON.stringify(operation)}: () =>`, ...loader(module, '    ').map((line, i, all) => (i === all.length - 1 ? `${line},` : line))]),
    '};',
    '',
  ].join('\n');
}

/** Declarations of the index: its two loaders, with the types of generated/validators/types.d.ts. */
export function indexDeclarations(script: string, version: number): string {
  return [
    banner(script, 'slash').trimEnd(),
    `/** Precompiled response validators of API version ${version}, a module per distinct operation validators. */`,
    '',
    "import type { FailureModule, OperationModule } from '../types.js';",
    'export type {',
    '  CompiledValidator,',
    '  CompiledValidatorError,',
    '  FailureModule,',
    '  OperationModule,',
    '  OperationValidators,',
    "} from '../types.js';",
    '',
    '/** Loads the failure body\'s module (cached). */',
    'export declare const failureModule: () => FailureModule;',
    '',
    '/** operation ("METHOD /path") -> loads its module (cached). */',
    'export declare const operationModules: Readonly<Record<string, () => OperationModule>>;',
    '',
  ].join('\n');
}

/** The types of the modules of generated/validators (src/validators/compiled-types.ts re-exports them). */
export function typeDeclarations(script: string): string {
  return [
    banner(script, 'slash').trimEnd(),
    '/** Types of the precompiled response validators: their errors, functions and modules. */',
    '',
    '/** One error of a precompiled validator, as ajv reports it (no `message`). */',
    'export interface CompiledValidatorError {',
    '  instancePath: string;',
    '  schemaPath: string;',
    '  keyword: string;',
    '  params: Record<string, any>;',
    '  message?: string;',
    '}',
    '',
    '/** A precompiled validate function: true when the data is valid; its last errors on `errors`. */',
    'export interface CompiledValidator {',
    '  /** `context`: where `data` sits in the body (the whole body when omitted). */',
    '  (data: unknown, context?: { readonly instancePath: string }): boolean;',
    '  errors?: CompiledValidatorError[] | null;',
    '}',
    '',
    '/** The validators of one operation. */',
    'export interface OperationValidators {',
    '  /** The documented HTTP statuses ("200", "400", ...), then "default": any other status. */',
    '  readonly statuses: readonly string[];',
    '  /**',
    "   * By HTTP status, the validator of a body of the operation's own: not the failure body (the",
    "   * version's `FailureBody`), nor the 200 `oneOf: [success body, FailureBody]` that `success`",
    '   * decides.',
    '   */',
    '  readonly responses: Readonly<Record<string, CompiledValidator>>;',
    '  /** The success branch of the 200 response (`success: true`). */',
    '  readonly success: CompiledValidator | undefined;',
    '  /** Names of the schemas the validators check (the first token of the rule table\'s pointers). */',
    '  readonly schemas: {',
    '    readonly responses: Readonly<Record<string, string>>;',
    '    readonly success: string | undefined;',
    '  };',
    '}',
    '',
    '/** The failure body\'s module (shared by every operation). */',
    'export interface FailureModule {',
    '  readonly FailureBody: CompiledValidator;',
    '  /** Schema pointer -> rule id of its constraints (the nearest entry at or above). */',
    '  readonly schemaRules: Readonly<Record<string, string>>;',
    '}',
    '',
    '/** An operation\'s module (shared by the operations with the same validators). */',
    'export interface OperationModule {',
    '  readonly validators: OperationValidators;',
    '  /** Schema pointer -> rule id of their constraints (the nearest entry at or above). */',
    '  readonly schemaRules: Readonly<Record<string, string>>;',
    '}',
    '',
  ].join('\n');
}
