/**
 * HAR 1.2 files: every entry whose URL path is an API operation becomes a response to check
 * (request body from `request.postData.text`, response body from `response.content.text`,
 * base64 `encoding` honoured); other entries are listed as skipped.
 */
import { isPlainObject } from '../checks/values.js';
import { lookupOperation } from '../operation-lookup.js';
import { parseJson } from './json-syntax.js';
import { emptySet, type CaptureSet } from './types.js';

/** True when a parsed document is a HAR log. */
export function looksLikeHar(doc: unknown): boolean {
  return isPlainObject(doc) && isPlainObject(doc.log) && Array.isArray(doc.log.entries);
}

function decodeContent(content: Record<string, unknown>): string | undefined {
  if (typeof content.text !== 'string') return undefined;
  if (typeof content.encoding === 'string' && content.encoding.toLowerCase() === 'base64') return Buffer.from(content.text, 'base64').toString('utf8');
  return content.text;
}

/** The responses of a parsed HAR document. */
export function readHar(doc: unknown, source: string): CaptureSet {
  const set = emptySet();
  if (!looksLikeHar(doc)) {
    set.unreadable.push({ source, message: 'not a HAR file: expected { "log": { "entries": [...] } }' });
    return set;
  }
  const entries = ((doc as { log: { entries: unknown[] } }).log.entries);
  entries.forEach((entry, i) => {
    const where = `${source}#${i}`;
    if (!isPlainObject(entry) || !isPlainObject(entry.request) || !isPlainObject(entry.response)) {
      set.unreadable.push({ source: where, message: 'HAR entry without "request" and "response" objects' });
      return;
    }
    const method = typeof entry.request.method === 'string' ? entry.request.method : '';
    const url = typeof entry.request.url === 'string' ? entry.request.url : '';
    if (!lookupOperation(method, url).operation) {
      set.skipped.push({ source: where, reason: `${method || '(no method)'} ${url || '(no url)'}: not an API operation` });
      return;
    }
    const status = entry.response.status;
    const content = isPlainObject(entry.response.content) ? entry.response.content : {};
    const text = decodeContent(content);
    if (text === undefined || text === '') {
      set.unreadable.push({ source: where, message: `${method} ${url}: the response body was not recorded (response.content.text is missing)` });
      return;
    }
    const body = parseJson(text);
    let request: unknown;
    const postText = isPlainObject(entry.request.postData) && typeof entry.request.postData.text === 'string' ? entry.request.postData.text : undefined;
    if (postText !== undefined && postText.trim() !== '') {
      const parsed = parseJson(postText);
      if (!parsed.ok) {
        set.unreadable.push({ source: where, message: `${method} ${url}: request body is not JSON (${parsed.message})` });
        return;
      }
      request = parsed.value;
    }
    const httpStatus = typeof status === 'number' && status > 0 ? status : undefined;
    if (!body.ok) {
      // The API always answers JSON: a body that is not JSON is an invalid response.
      set.responses.push({ source: where, method, path: url, status: httpStatus, body: undefined, request, bodyProblem: `response body is not JSON: ${body.message}` });
      return;
    }
    set.responses.push({ source: where, method, path: url, status: httpStatus, body: body.value, request });
  });
  return set;
}
