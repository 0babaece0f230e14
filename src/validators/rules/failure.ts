/**
 * The rules of a failure body, one function each, by rule id: each error object lists at least
 * its general description ("first a general description, then detail"); an error code is 3 to 99
 * (with HTTP status 200) or one of the table's HTTP codes (with the equal status). A code the
 * table does not list is accepted with a warning (inferred rules): the documents give the codes
 * they know, not a closed list. The harness: ../checks/failure.ts.
 */
import { errorCodes } from '../catalog-facts.js';
import type { RuleTable } from './rule-table.js';

/** What the rules of an error object read beside it: the HTTP status of the answer. */
export interface FailureFacts {
  readonly status: number;
}

const byCode: ReadonlyMap<number, (typeof errorCodes)[number]> = new Map(errorCodes.map((e) => [e.code, e]));
const listed = [...byCode.keys()].join(', ');
const httpCodes = errorCodes.filter((e) => e.code > 99).map((e) => e.code).join(', ');

/** The error's code when it is a whole number (the schema reports other values). */
const codeOf = (error: Record<string, unknown>): number | undefined => (typeof error.code === 'number' && Number.isInteger(error.code) ? error.code : undefined);

/** A code of 3 to 99: an API error, answered with HTTP status 200. */
const isApiCode = (code: number) => code >= 3 && code <= 99;

/** `/errors/i/code`: built only for a problem. */
const codePointer = (i: number) => `/errors/${i}/code`;

/** The rules of each error object of `errors`, in the order a problem of each is listed. */
export const errorRules: RuleTable<Record<string, unknown>, FailureFacts> = {
  'shared.failure.general-description': (found, error, i) => {
    if (Array.isArray(error.errors) && error.errors.length === 0) found.add(`/errors/${i}/errors`, 'expected at least a general description, got an empty list');
  },
  'shared.failure.code-status': (found, error, i, { status }) => {
    const code = codeOf(error);
    if (code !== undefined && isApiCode(code) && status !== 200) found.add(codePointer(i), `error ${code} comes with HTTP status 200, not ${status}`);
  },
  'shared.failure.code-listed': (found, error, i) => {
    const code = codeOf(error);
    if (code !== undefined && isApiCode(code) && !byCode.has(code)) found.add(codePointer(i), `${code} is not an error code of the table (listed: ${listed})`);
  },
  'shared.failure.code-range': (found, error, i) => {
    const code = codeOf(error);
    if (code !== undefined && !isApiCode(code) && !byCode.has(code)) found.add(codePointer(i), `${code} is not a documented error code (3 to 99, or one of ${httpCodes})`);
  },
  'shared.failure.code-http-status': (found, error, i, { status }) => {
    const code = codeOf(error);
    const known = code === undefined || isApiCode(code) ? undefined : byCode.get(code);
    if (known && known.httpStatus !== status) found.add(codePointer(i), `error ${code} comes with HTTP status ${known.httpStatus}, not ${status}`);
  },
};

/** The HTTP statuses a failure comes with: 200 (codes 3 to 99) and those of the table's HTTP codes. */
export const failureStatuses: ReadonlySet<number> = new Set([200, ...errorCodes.map((e) => e.httpStatus)].sort((a, b) => a - b));
