/** Checks shared by the metrics and posts request checks: members, dates, profiles, name lists. */
import { ruleLevel, type RuleId } from '../../generated/rule-levels.js';
import type { RequestProblem } from './problems.js';
import { daysBetween, isDay, longestMonthsInDays, maxDateEnd } from '../calendar/days.js';

/** The API's code for an input validation error. */
export const VALIDATION_CODE = 3;

/**
 * Collects the problems of one request. A problem of an inferred rule is a warning, or an error
 * in strict mode; a problem of a stated rule is always an error.
 */
export class ProblemList {
  readonly items: RequestProblem[] = [];
  constructor(private readonly strict = false) {}

  add(rule: RuleId, parameter: string, message: string, code: number = VALIDATION_CODE): void {
    const severity = this.strict || ruleLevel(rule) === 'stated' ? 'error' : 'warning';
    this.items.push({ parameter, message, code, rule, severity });
  }
}

export type Body = Record<string, unknown>;

/** JSON-ish rendering of a value for messages. */
export function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    const text = JSON.stringify(value);
    return text.length > 80 ? `${text.slice(0, 77)}...` : text;
  } catch {
    return String(value);
  }
}

export function isObject(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The members a request body may and must have, with the rule that requires them. */
export interface MemberRules {
  allowed: readonly string[];
  required: readonly string[];
  requiredRule: RuleId;
  /** Members the documents say the request does not take, with the rule that says so. */
  refused?: Readonly<Record<string, RuleId>>;
}

/** The body as an object with only `allowed` members; reports anything else. Returns undefined if not an object. */
export function checkMembers(problems: ProblemList, body: unknown, rules: MemberRules): Body | undefined {
  if (!isObject(body)) {
    problems.add('shared.request.body-object', 'body', `must be a JSON object, got ${show(body)}`);
    return undefined;
  }
  for (const name of rules.required) if (body[name] === undefined) problems.add(rules.requiredRule, name, 'is required');
  for (const name of Object.keys(body)) {
    if (rules.allowed.includes(name)) continue;
    const refused = rules.refused?.[name];
    if (refused) problems.add(refused, name, 'is not a parameter of this request');
    else problems.add('shared.request.unknown-members', name, `is not a parameter of this request (allowed: ${rules.allowed.join(', ')})`);
  }
  return body;
}

/** Members of an element object (`{type}`, `{field, order}`, ...) other than `allowed`, as one inferred problem. */
export function checkElementMembers(problems: ProblemList, parameter: string, item: Body, allowed: readonly string[]): void {
  const others = Object.keys(item).filter((k) => !allowed.includes(k));
  if (others.length) problems.add('shared.request.unknown-members', parameter, `has members other than ${allowed.join(' and ')}: ${others.join(', ')}`);
}

/**
 * date_start and date_end: `YYYY-MM-DD` calendar days, date_end not before date_start and, when
 * `limit` is given, a range of at most `limit.months` months: longer than any `months`
 * consecutive calendar months breaks the stated limit; past {@link maxDateEnd} (the package's
 * calendar reading) breaks the inferred one.
 */
export function checkDates(problems: ProblemList, body: Body, limit?: { months: number; code: number }): void {
  const { date_start: start, date_end: end } = body;
  let valid = true;
  for (const [name, value] of [['date_start', start], ['date_end', end]] as const) {
    if (value !== undefined && !isDay(value)) {
      problems.add('shared.request.date-format', name, `must be a calendar day in YYYY-MM-DD shape, got ${show(value)}`);
      valid = false;
    }
  }
  if (!valid || start === undefined || end === undefined) return;
  const [s, e] = [start as string, end as string];
  if (e < s) {
    problems.add('shared.request.date-order', 'date_end', `${e} is before date_start ${s}`);
    return;
  }
  if (!limit) return;
  const days = daysBetween(s, e) + 1;
  const longest = longestMonthsInDays(limit.months);
  if (days > longest) {
    problems.add('shared.metrics.date-range', 'date_end', `the date range ${s}..${e} holds ${days} days, more than ${limit.months} months (at most ${longest} days)`, limit.code);
    return;
  }
  const latest = maxDateEnd(s, limit.months);
  if (e > latest) {
    problems.add(
      'shared.metrics.date-range-calendar',
      'date_end',
      `the date range ${s}..${e} spans more than ${limit.months} calendar months; the latest date_end for date_start ${s} is ${latest}`,
      limit.code,
    );
  }
}

/** An array of strings, with at most `limit.value` items when a limit is given (`limitRule`). */
export function checkStringList(
  problems: ProblemList,
  parameter: string,
  value: unknown,
  limit?: { value: number; errorCode: number; rule: RuleId },
): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    problems.add('shared.request.string-list', parameter, `must be an array of strings, got ${show(value)}`);
    return undefined;
  }
  if (value.length === 0) problems.add('shared.request.non-empty', parameter, 'must not be empty');
  if (limit && value.length > limit.value) {
    problems.add(limit.rule, parameter, `holds ${value.length} items; at most ${limit.value} are allowed per request`, limit.errorCode);
  }
  const strings: string[] = [];
  value.forEach((item, i) => {
    if (typeof item !== 'string') problems.add('shared.request.string-list', `${parameter}[${i}]`, `must be a string, got ${show(item)}`);
    else if (item === '') problems.add('shared.request.non-empty', `${parameter}[${i}]`, 'must not be an empty string');
    else strings.push(item);
  });
  return strings;
}

/** Reports each item of `names` (a list already checked to be strings) that is not in `known`. */
export function checkKnownNames(
  problems: ProblemList,
  rule: RuleId,
  parameter: string,
  value: unknown,
  known: ReadonlySet<string>,
  what: string,
): void {
  if (!Array.isArray(value)) return;
  value.forEach((item, i) => {
    if (typeof item === 'string' && item !== '' && !known.has(item)) problems.add(rule, `${parameter}[${i}]`, `unknown ${what} ${show(item)}`);
  });
}
