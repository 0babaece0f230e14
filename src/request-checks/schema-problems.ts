/**
 * The problems of a compiled request validator's errors: each error gets the register rule of
 * its constraint (the `x-rule` annotations of the spec, compiled into the rule tables), the
 * parameter it concerns (`metrics[3]`, `dimensions[0].type`) and a message naming the value.
 */
import { isDay } from '../calendar/days.js';
import { pointerTokens, valueAt } from '../core/pointer.js';
import { ruleLevel } from '../core/rules.js';
import { ruleAt } from './constraint-rules.js';
import { describeValue } from '../core/problems/describe.js';
import type { RequestProblemList as ProblemList } from './problem-list.js';
import type { ConstraintRule, NameSets, RequestBodyChecks, SchemaError } from './schema-types.js';
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

const TYPE_WORDS: Record<string, string> = { array: 'an array', object: 'an object', string: 'a string', integer: 'an integer', number: 'a number' };

/** `metrics[3]`, `filter[0].match_any[1].field`, or `body` for the body itself. */
export function parameterOf(path: string[]): string {
  if (!path.length) return 'body';
  return path.map((t, i) => (/^\d+$/.test(t) ? `[${t}]` : i === 0 ? t : `.${t}`)).join('');
}

/**
 * Errors inside a failed `oneOf`, resolved: when every branch failed and exactly one branch
 * has its `required` members (the others miss one), that branch's errors stand for the `oneOf`;
 * otherwise the `oneOf` is one problem and its branches' errors are dropped.
 */
function resolveOneOf(errors: SchemaError[]): SchemaError[] {
  const dropped = new Set<SchemaError>();
  for (const one of errors.filter((e) => e.keyword === 'oneOf')) {
    const prefix = `${one.schemaPath}/`;
    const under = (e: SchemaError) => e.instancePath === one.instancePath || e.instancePath.startsWith(`${one.instancePath}/`);
    const inside = errors.filter((e) => e.schemaPath.startsWith(prefix) && under(e));
    const branchOf = (e: SchemaError) => e.schemaPath.slice(prefix.length).split('/')[0];
    const missing = new Set(inside.filter((e) => e.keyword === 'required' && e.instancePath === one.instancePath && e.schemaPath === `${prefix}${branchOf(e)}/required`).map(branchOf));
    const candidates = [...new Set(inside.map(branchOf))].filter((b) => !missing.has(b));
    const chosen = one.params.passingSchemas == null && candidates.length === 1 ? candidates[0] : undefined;
    for (const e of inside) if (branchOf(e) !== chosen) dropped.add(e);
    if (chosen !== undefined) dropped.add(one);
  }
  return errors.filter((e) => !dropped.has(e));
}

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
  const chosen = new Map<string, { error: SchemaError; rule: ConstraintRule; at: string[] }>();
  for (const error of resolveOneOf(errors)) {
    const at = pointerTokens(error.instancePath);
    const member = error.params.missingProperty ?? error.params.additionalProperty;
    const pointer = error.schemaPath.replace(/^#/, '');
    const rule = ruleAt(checks.rules, member === undefined ? pointer : `${pointer}/${member}`);
    if (!rule) throw new Error(`request checks: no register rule for the schema constraint ${pointer}`);
    const parameter = parameterOf(member === undefined ? at : [...at, String(member)]);
    const first = chosen.get(parameter);
    if (!first || (ruleLevel(first.rule.rule) === 'inferred' && ruleLevel(rule.rule) === 'stated')) chosen.set(parameter, { error, rule, at });
  }
  for (const [parameter, { error, rule, at }] of chosen) {
    const root = at.length === 0;
    problems.add(rule.rule, parameter, message(error, rule, valueAt(body, error.instancePath), root, network, checks.members), rule.code, root);
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
