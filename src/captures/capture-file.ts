/**
 * Capture files: `{ "method", "path", "request"?, "response", "status"? }` (`response` is the
 * response body), or an array of such objects. `path` is the request's path or its full URL;
 * a capture that names it `url` (as HAR entries and fetch do) is read the same, one that has both
 * is refused, naming them.
 */
import { isPlainObject } from '../shared/values.js';
import { describeValue } from '../core/problems/describe.js';
import { unreadable, type CaptureItem, type CaptureSet } from './types.js';

const CAPTURE_SHAPE = '{ "method", "path", "request"?, "response", "status"? }';

/** True when a parsed document can hold captures: an object or an array of them. */
export function looksLikeCapture(doc: unknown): boolean {
  return isPlainObject(doc) || Array.isArray(doc);
}

/** The member that holds the request's path or URL: `path`, else `url`. */
const pathMember = (capture: Record<string, unknown>) => ('path' in capture || !('url' in capture) ? 'path' : 'url');

function problemOf(capture: Record<string, unknown>): string | undefined {
  if ('path' in capture && 'url' in capture) return 'not a capture: holds both "path" and "url"; give the request\'s path or full URL once, as "path"';
  const missing = ['method', pathMember(capture), 'response'].filter((k) => !(k in capture));
  if (missing.length) return `not a capture: missing ${missing.map((k) => `"${k}"`).join(', ')} (expected ${CAPTURE_SHAPE}, or a HAR 1.2 file)`;
  if (typeof capture.method !== 'string') return `not a capture: "method" must be a string, got ${describeValue(capture.method)}`;
  const path = pathMember(capture);
  if (typeof capture[path] !== 'string') return `not a capture: "${path}" must be a string (the request's path or full URL), got ${describeValue(capture[path])}`;
  if (capture.status !== undefined && !(Number.isInteger(capture.status) && (capture.status as number) >= 100 && (capture.status as number) <= 599)) {
    return `not a capture: "status" must be an HTTP status code, got ${describeValue(capture.status)}`;
  }
  return undefined;
}

/** One capture of a file (`where`: the file, or `file#i` for the i-th of an array). */
export function readCapture(capture: unknown, where: string): CaptureItem {
  if (!isPlainObject(capture)) return unreadable(where, `not a capture: expected an object ${CAPTURE_SHAPE}, got ${describeValue(capture)}`);
  const problem = problemOf(capture);
  if (problem) return unreadable(where, problem);
  return {
    kind: 'response',
    source: where,
    method: capture.method as string,
    path: capture[pathMember(capture)] as string,
    status: capture.status as number | undefined,
    body: capture.response,
    request: capture.request,
  };
}

/** The responses of a parsed capture file. */
export function readCaptures(doc: unknown, source: string): CaptureSet {
  return Array.isArray(doc) ? doc.map((capture, i) => readCapture(capture, `${source}#${i}`)) : [readCapture(doc, source)];
}
