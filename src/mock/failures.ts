/** Failure answers of the mock: the documented envelope, with catalog meanings and HTTP statuses. */
import { catalogs } from '../catalog/catalogs.js';
import { cutDetails } from './echo.js';

export interface FailureEntry {
  code: number;
  /** Detail texts after the general description (names of invalid metrics, profile ids, ...). */
  details: string[];
}

/** Thrown by handlers to answer with a failure body. */
export class MockFailure extends Error {
  readonly entries: FailureEntry[];
  constructor(code: number, details: string[] = [], more: FailureEntry[] = []) {
    super(`mock failure ${code}`);
    this.entries = [{ code, details }, ...more];
  }
}

/** The catalog meaning of a code, as the general description of a failure. */
function generalDescription(code: number): string {
  return catalogs.errors.find((e) => e.code === code)?.meaning ?? 'Unknown error.';
}

/** HTTP status of a failure (codes 3 to 99 come with 200). */
export function httpStatusOf(code: number): number {
  return catalogs.errors.find((e) => e.code === code)?.httpStatus ?? (code >= 100 ? code : 200);
}

/**
 * The failure body `{ success: false, errors: [{ code, errors: [description, ...details] }] }`;
 * the details are cut (src/mock/echo.ts), so no failure grows with the request it answers.
 */
export function failureBody(entries: FailureEntry[]): { success: false; errors: { code: number; errors: string[] }[] } {
  return { success: false, errors: entries.map((e) => ({ code: e.code, errors: [generalDescription(e.code), ...cutDetails(e.details)] })) };
}
