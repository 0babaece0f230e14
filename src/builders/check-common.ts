/** Checks shared by the metrics and posts request checks: members, dates, profiles, name lists. */
import type { RequestProblem } from './problems.js';
import { isDay, maxDateEnd } from './dates.js';

/** The API's code for an input validation error. */
export const VALIDATION_CODE = 3;

/** Collects the problems of one request. */
export class ProblemList {
  readonly items: RequestProblem[] = [];
  add(parameter: string, message: string, code: number = VALIDATION_CODE): void {
    this.items.push({ parameter, message, code });
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

/** The body as an object with only `allowed` members; reports anything else. Returns undefined if not an object. */
export function checkMembers(problems: ProblemList, body: unknown, allowed: readonly string[], required: readonly string[]): Body | undefined {
  if (!isObject(body)) {
    problems.add('body', `must be a JSON object, got ${show(body)}`);
    return undefined;
  }
  for (const name of required) if (body[name] === undefined) problems.add(name, 'is required');
  for (const name of Object.keys(body)) {
    if (!allowed.includes(name)) problems.add(name, `is not a parameter of this request (allowed: ${allowed.join(', ')})`);
  }
  return body;
}

/**
 * date_start and date_end: `YYYY-MM-DD` calendar days, date_end not before date_start and,
 * when `maxMonths` is given, not after {@link maxDateEnd}(date_start, maxMonths).
 */
export function checkDates(problems: ProblemList, body: Body, limit?: { months: number; code: number }): void {
  const { date_start: start, date_end: end } = body;
  let valid = true;
  for (const [name, value] of [['date_start', start], ['date_end', end]] as const) {
    if (value !== undefined && !isDay(value)) {
      problems.add(name, `must be a calendar day in YYYY-MM-DD shape, got ${show(value)}`);
      valid = false;
    }
  }
  if (!valid || start === undefined || end === undefined) return;
  const [s, e] = [start as string, end as string];
  if (e < s) {
    problems.add('date_end', `${e} is before date_start ${s}`);
    return;
  }
  if (limit) {
    const latest = maxDateEnd(s, limit.months);
    if (e > latest) {
      problems.add('date_end', `the date range ${s}..${e} exceeds ${limit.months} months; the latest date_end for date_start ${s} is ${latest}`, limit.code);
    }
  }
}

/** A non-empty array of non-empty strings, with at most `limit.value` items when a limit is given. */
export function checkStringList(
  problems: ProblemList,
  parameter: string,
  value: unknown,
  limit?: { value: number; errorCode: number },
): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    problems.add(parameter, `must be an array of strings, got ${show(value)}`);
    return undefined;
  }
  if (value.length === 0) problems.add(parameter, 'must not be empty');
  if (limit && value.length > limit.value) {
    problems.add(parameter, `holds ${value.length} items; at most ${limit.value} are allowed per request`, limit.errorCode);
  }
  const strings: string[] = [];
  value.forEach((item, i) => {
    if (typeof item !== 'string' || item === '') problems.add(`${parameter}[${i}]`, `must be a non-empty string, got ${show(item)}`);
    else strings.push(item);
  });
  return strings;
}

/** Reports each item of `names` (a list already checked to be strings) that is not in `known`. */
export function checkKnownNames(
  problems: ProblemList,
  parameter: string,
  value: unknown,
  known: ReadonlySet<string>,
  what: string,
): void {
  if (!Array.isArray(value)) return;
  value.forEach((item, i) => {
    if (typeof item === 'string' && item !== '' && !known.has(item)) problems.add(`${parameter}[${i}]`, `unknown ${what} ${show(item)}`);
  });
}
