/** What the capture readers produce: responses to check, entries skipped, inputs unreadable. */

/** One recorded response to check. */
export interface CapturedResponse {
  /** Where it came from: `captures/a.json`, `captures/a.json#2`, `session.har#14`. */
  source: string;
  method: string;
  path: string;
  status?: number;
  body: unknown;
  request?: unknown;
  /** Set when the recorded body is not JSON: the response is invalid for that reason. */
  bodyProblem?: string;
}

/** A HAR entry that is not an API operation. */
export interface SkippedEntry {
  source: string;
  reason: string;
}

/** A file or entry that could not be read or understood. */
export interface UnreadableInput {
  source: string;
  message: string;
}

export interface CaptureSet {
  responses: CapturedResponse[];
  skipped: SkippedEntry[];
  unreadable: UnreadableInput[];
}

export const emptySet = (): CaptureSet => ({ responses: [], skipped: [], unreadable: [] });
