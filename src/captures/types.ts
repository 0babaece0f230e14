/** What the capture readers produce: responses to check, entries skipped, inputs unreadable, in input order. */
import type { TextPosition } from './json-syntax.js';

/**
 * The raw text a response was read from, kept while the response is checked so that its
 * problems can be placed on the lines of the file.
 */
export interface SourceText {
  /** The file, as named in messages. */
  file: string;
  /** The JSON text of the capture object or HAR entry, as in the file. */
  text: string;
  /** Where `text` starts in the file. */
  start: TextPosition;
  /** Where the body is: the capture's `response` member, or the HAR entry's `response.content.text` string. */
  body: 'capture' | 'har';
}

/** One recorded response to check. */
export interface CapturedResponse {
  kind: 'response';
  /** Where it came from: `captures/a.json`, `captures/a.json#2`, `session.har#14`. */
  source: string;
  method: string;
  path: string;
  status?: number;
  body: unknown;
  request?: unknown;
  /** Set when the recorded body is not JSON: the response is invalid for that reason. */
  bodyProblem?: string;
  /** Why the request-aware checks could not run although the operation takes a request body. */
  requestMissing?: string;
  /** The text it was read from (set by the file readers). */
  raw?: SourceText;
}

/** Why a HAR entry holds no response to check. */
export type SkipReason = 'not an API operation' | 'CORS preflight' | 'no response' | 'not modified' | 'no content' | 'redirect';

/** A HAR entry that holds no API response to check. */
export interface SkippedEntry {
  kind: 'skipped';
  source: string;
  reason: SkipReason;
  /** The entry in a few words: `GET https://cdn.example.com/app.js`, `net::ERR_ABORTED`. */
  detail: string;
}

/** A file or entry that could not be read or understood. */
export interface UnreadableInput {
  kind: 'unreadable';
  source: string;
  message: string;
  /** Where in the file the problem is (a JSON syntax error), when known. */
  line?: number;
  column?: number;
}

export type CaptureItem = CapturedResponse | SkippedEntry | UnreadableInput;

/** The items of one input, in the order of the file (entry order for HAR). */
export type CaptureSet = CaptureItem[];

export const unreadable = (source: string, message: string, at?: TextPosition): UnreadableInput => ({ kind: 'unreadable', source, message, ...(at ? { line: at.line, column: at.column } : {}) });
