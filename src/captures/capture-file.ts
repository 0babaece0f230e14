/**
 * Capture files: `{ "method", "path", "request"?, "response", "status"? }` (`response` is the
 * response body), or an array of such objects.
 */
import { isPlainObject } from '../core/values.js';
import { describeValue } from '../core/problems/describe.js';
import { unreadable, type CaptureItem, type CaptureSet } from './types.js';

export const CAPTURE_SHAPE = '{ "method", "path", "request"?, "response", "status"? }';

/** True when a parsed document can hold captures: an object or an array of them. */
export function looksLikeCapture(doc: unknown): boolean {
  return isPlainObject(doc) || Array.isArray(doc);
}

function problemOf(capture: Record<string, unknown>): string | undefined {
  const missing = ['method', 'path', 'response'].filter((k) => !(k in capture));
  if (missing.length) return `not a capture: missing ${missing.map((k) => `"${k}"`).join(', ')} (expected ${CAPTURE_SHAPE}, or a HAR 1.2 file)`;
  if (typeof capture.method !== 'string') return `not a capture: "method" must be a string, got ${describeValue(capture.method)}`;
  if (typeof capture.path !== 'string') return `not a capture: "path" must be a string, got ${describeValue(capture.path)}`;
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
    path: capture.path as string,
    status: capture.status as number | undefined,
    body: capture.response,
    request: capture.request,
  };
}

/** The responses of a parsed capture file. */
export function readCaptures(doc: unknown, source: string): CaptureSet {
  return Array.isArray(doc) ? doc.map((capture, i) => readCapture(capture, `${source}#${i}`)) : [readCapture(doc, source)];
}
