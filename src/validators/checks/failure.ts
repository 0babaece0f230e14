/**
 * Status-aware checks of a failure body: an error code is 3 to 99 (with HTTP status 200) or one
 * of the table's HTTP codes (with the equal status). A code the table does not list is accepted
 * with a warning (inferred rules): the documents give the codes they know, not a closed list.
 */
import { errorCodes } from '../catalog-facts.js';
import type { ProblemList } from '../../core/problems/problem-list.js';
import { checkErrorMessages } from './error-messages.js';
import { isPlainObject } from './values.js';

const byCode: ReadonlyMap<number, (typeof errorCodes)[number]> = new Map(errorCodes.map((e) => [e.code, e]));
const listed = [...byCode.keys()].join(', ');

/** The HTTP statuses a failure comes with: 200 (codes 3 to 99) and those of the table's HTTP codes. */
export const failureStatuses: ReadonlySet<number> = new Set([200, ...errorCodes.map((e) => e.httpStatus)].sort((a, b) => a - b));

/** `/errors/i/code`: built only for a problem. */
const codePointer = (i: number) => `/errors/${i}/code`;

function checkCode(list: ProblemList, code: number, status: number, i: number): void {
  const known = byCode.get(code);
  // The common answers: a listed code of 3 to 99 with status 200, or a listed HTTP code with its status.
  if (known && (code >= 3 && code <= 99 ? status === 200 : known.httpStatus === status)) return;
  const pointer = codePointer(i);
  if (code >= 3 && code <= 99) {
    if (status !== 200) list.add('shared.failure.code-status', pointer, `error ${code} comes with HTTP status 200, not ${status}`);
    if (!known) list.add('shared.failure.code-listed', pointer, `${code} is not an error code of the table (listed: ${listed})`);
  } else if (!known) {
    list.add('shared.failure.code-range', pointer, `${code} is not a documented error code (3 to 99, or one of ${errorCodes.filter((e) => e.code > 99).map((e) => e.code).join(', ')})`);
  } else if (known.httpStatus !== status) {
    list.add('shared.failure.code-http-status', pointer, `error ${code} comes with HTTP status ${known.httpStatus}, not ${status}`);
  }
}

export function checkFailure(list: ProblemList, body: Record<string, unknown>, status: number): void {
  const errors = body.errors;
  if (!Array.isArray(errors)) return;
  checkErrorMessages(list, errors);
  for (let i = 0; i < errors.length; i++) {
    const error = errors[i];
    if (isPlainObject(error) && typeof error.code === 'number' && Number.isInteger(error.code)) checkCode(list, error.code, status, i);
  }
}
