/**
 * Status-aware checks of a failure body: every error code is one of the catalog's codes and
 * comes with the HTTP status the catalog gives it (codes 3 to 99 with 200, 400 with 400, ...).
 */
import { errorCodes } from '../catalog-facts.js';
import type { ErrorList } from '../error-list.js';
import { isPlainObject } from './values.js';

const byCode = new Map(errorCodes.map((e) => [e.code, e]));

export function checkFailure(list: ErrorList, body: Record<string, unknown>, status: number): void {
  const errors = body.errors;
  if (!Array.isArray(errors)) return;
  errors.forEach((error, i) => {
    if (!isPlainObject(error) || typeof error.code !== 'number' || !Number.isInteger(error.code)) return;
    const known = byCode.get(error.code);
    if (!known) list.add(`/errors/${i}/code`, `${error.code} is not a documented error code (documented: ${[...byCode.keys()].join(', ')})`);
    else if (known.httpStatus !== status) list.add(`/errors/${i}/code`, `error ${error.code} comes with HTTP status ${known.httpStatus}, not ${status}`);
  });
}
