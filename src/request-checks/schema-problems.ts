/**
 * The problems of a compiled request validator's errors: each error gets the register rule of
 * its constraint (the `x-rule` annotations of the spec, compiled into the rule tables), the
 * parameter it concerns (`metrics[3]`, `dimensions[0].type`) and a message naming the value.
 */
import { isDay } from '../calendar/days.js';
import { pointerTokens, valueAt } from '../shared/pointer.js';
import { ruleLevel } from '../core/rules.js';
import { ruleAt, type ConstraintRule } from '../shared/constraint-rules.js';
import { eachBranchGroup } from '../core/branch-errors.js';
import { describeValue } from '../core/problems/describe.js';
import type { RequestProblemList as ProblemList } from './problem-list.js';
import type { NameSets, RequestBodyChecks, SchemaError } from './schema-types.js';
import { withArticle } from '../core/problems/article.js';

/** What a name of each catalog list is; `%` stands for the network. */
const NAME_WORDS: Record<keyof NameSets, string> = {
  metrics: '% metric',
  dimensions: '% dimension',
  fields: '% post field',
  sortable: 'sortable % post field',
  filterable: 'filterable % post field',
  advancedFilter: '% post field usable in match_any',
};

const TYPE_WORDS: Readonly<Record<string, string>> = { array: 'an array', object: 'an object', string: 'a string', integer: 'an integer', number: 'a number' };

/** `metrics[3]`, `filter[0].match_any[1].field`, or `body` for the body itself. */
function parameterOf(path: readonly string[]): string {
  if (!path.length) return 'body';
  let parameter = '';
  for (let i = 0; i < path.length; i++) parameter += INDEX.test(path[i]) ? `[${path[i]}]` : i === 0 ? path[i] : `.${path[i]}`;
  return parameter;
}

const INDEX = /^\d+$/;

/**
 * Errors inside a failed `oneOf`, resolved: when every branch failed and exactly one branch
 * has its `required` members (the others miss one), that branch's errors stand for the `oneOf`;
 * otherwise the `oneOf` is one problem and its branches' errors are dropped. The errors of each
 * `oneOf` are found in one pass over all of them (../validators/branch-errors.ts). Returns a
 * mark per error: 1 for an error dropped.
 */
function resolveOneOf(errors: SchemaError[]): Uint8Array {
  const dropped = new Uint8Array(errors.length);
  const missing: number[] = [];
  eachBranchGroup(errors, ONE_OF, (at, first) => {
    const one = errors[at];
    const from = one.schemaPath.length + 1;
    missing.length = 0;
    for (let i = first; i < at; i++) {
      const e = errors[i];
      if (e.keyword === 'required' && e.instancePath === one.instancePath && e.schemaPath.endsWith(REQUIRED) && e.schemaPath.indexOf('/', from) === e.schemaPath.length - REQUIRED.length) missing.push(branchAt(e.schemaPath, from));
    }
    // The one branch whose errors are not a missing member, if there is exactly one.
    let chosen = NONE;
    for (let i = first; i < at; i++) {
      const branch = branchAt(errors[i].schemaPath, from);
      if (missing.includes(branch) || branch === chosen) continue;
      chosen = chosen === NONE ? branch : SEVERAL;
      if (chosen === SEVERAL) break;
    }
    if (one.params.passingSchemas != null || chosen < 0) chosen = NONE;
    for (let i = first; i < at; i++) if (branchAt(errors[i].schemaPath, from) !== chosen) dropped[i] = 1;
    if (chosen !== NONE) dropped[at] = 1;
  });
  return dropped;
}

/** No branch, or more than one. */
const NONE = -1;
const SEVERAL = -2;

/** The branch number at index `from` of `schemaPath` (`0` of `#/.../oneOf/0/required`). */
function branchAt(schemaPath: string, from: number): number {
  let branch = 0;
  for (let i = from; i < schemaPath.length; i++) {
    const digit = schemaPath.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) break;
    branch = branch * 10 + digit;
  }
  return branch;
}

const ZERO = '0'.charCodeAt(0);

const REQUIRED = '/required';
const ONE_OF: readonly string[] = Object.freeze(['oneOf']);

function message(error: SchemaError, rule: ConstraintRule, value: unknown, root: boolean, network: string, members: readonly string[]): string {
  const { params } = error;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      if (!root) return 'is not a member of this element';
      return `is not a parameter of this request${rule.rule === 'shared.request.unknown-members' ? ` (allowed: ${members.join(', ')})` : ''}`;
    case 'type':
      return `must be ${root && params.type === 'object' ? 'a JSON object' : TYPE_WORDS[params.type] ?? params.type}, got ${describeValue(value)}`;
    case 'minItems':
      return params.limit === 1 ? 'must not be empty' : `must hold at least ${params.limit} items`;
    case 'maxItems':
      return `holds ${(value as unknown[]).length} items; at most ${params.limit} are allowed per request`;
    case 'minLength':
      return 'must not be an empty string';
    case 'minimum':
    case 'maximum':
      return `must be at ${error.keyword === 'minimum' ? 'least' : 'most'} ${params.limit}, got ${describeValue(value)}`;
    case 'x-names':
      return `${describeValue(value)} is not ${withArticle(NAME_WORDS[params.names as keyof NameSets].replace('%', network))}`;
    default:
      return `must be ${rule.expected ?? `valid (${error.keyword})`}, got ${describeValue(value)}`;
  }
}

/**
 * Adds one problem per parameter for the errors of `checks.validate` on `body`: the first error
 * of a stated rule there, else the first one (an empty field name breaks both the inferred
 * non-empty rule and the stated name list, and is an error by default).
 */
export function schemaProblems(problems: ProblemList, checks: RequestBodyChecks, errors: SchemaError[], body: unknown, network: string): void {
  // Errors of one constraint share its schemaPath (a string of the compiled code): its rule is looked up once.
  const rules = new Map<string, ConstraintRule>();
  // By the place of the error (its instancePath, and the member it names): one problem per parameter.
  const chosen = new Map<string, { error: SchemaError; rule: ConstraintRule; member: string | undefined }>();
  const dropped = resolveOneOf(errors);
  for (let e = 0; e < errors.length; e++) {
    if (dropped[e]) continue;
    const error = errors[e];
    const found = error.params.missingProperty ?? error.params.additionalProperty;
    const member = found === undefined ? undefined : String(found);
    let rule = member === undefined ? rules.get(error.schemaPath) : undefined;
    if (!rule) {
      const pointer = error.schemaPath.replace(/^#/, '');
      rule = ruleAt(checks.rules, pointer, member);
      if (!rule) throw new Error(`request checks: no register rule for the schema constraint ${pointer}`);
      if (member === undefined) rules.set(error.schemaPath, rule);
    }
    const place = member === undefined ? error.instancePath : `${error.instancePath}\u0000${member}`;
    const first = chosen.get(place);
    if (!first || (ruleLevel(first.rule.rule) === 'inferred' && ruleLevel(rule.rule) === 'stated')) chosen.set(place, { error, rule, member });
  }
  for (const { error, rule, member } of chosen.values()) {
    // Past its rule's cap, a problem is counted: its parameter and message would be read by no one.
    if (!problems.lists(rule.rule)) {
      problems.tally(rule.rule, rule.code);
      continue;
    }
    const at = pointerTokens(error.instancePath);
    const root = at.length === 0;
    if (member !== undefined) at.push(member);
    problems.add(rule.rule, parameterOf(at), message(error, rule, valueAt(body, error.instancePath), root, network, checks.members), rule.code, root);
  }
}

/**
 * A problem for each `format: date` member (`checks.days`) that has the date shape (the compiled
 * pattern passed it) but names no calendar day: the format's rule and words, as a schema error
 * of that format would read.
 */
export function dayProblems(problems: ProblemList, checks: RequestBodyChecks, body: Record<string, unknown>): void {
  for (const member of checks.days) {
    const value = body[member];
    // A day first (the common value): the shape's pattern only for a string that is none.
    if (typeof value !== 'string' || isDay(value) || !DATE_SHAPE.test(value)) continue;
    const rule = ruleAt(checks.rules, `/properties/${member}/format`);
    if (!rule) throw new Error(`request checks: no register rule for the schema constraint /properties/${member}/format`);
    problems.add(rule.rule, member, `must be ${rule.expected ?? 'a calendar day'}, got ${describeValue(value)}`, rule.code);
  }
}

/** The shape of a date the compiled pattern accepts. */
const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
