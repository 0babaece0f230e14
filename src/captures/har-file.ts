/**
 * HAR 1.2 files as browsers and proxies write them (Playwright `recordHar`, chrome-har and
 * puppeteer-har, Chrome and Firefox DevTools, Charles, mitmproxy). Every entry, in file order,
 * becomes a response to check, a skipped entry with its reason (asset, CORS preflight, failed
 * request, 304, 204, redirect) or an unreadable input.
 */
import type { Entry } from 'har-format';
import { isPlainObject } from '../shared/values.js';
import { operationOf } from '../operations/operation-of.js';
import { requestPathname } from '../operations/request-path.js';
import type { OperationInfo } from '../../generated/operations.js';
import { contentText, recoverRequest } from './har-content.js';
import { parseJson } from './json-syntax.js';
import { unreadable, type CaptureItem, type CaptureSet, type SkipReason } from './types.js';

/** Vendor members writers add to a failed entry (`_failureText`: Playwright, chrome-har; `_error`: DevTools, Charles). */
type WriterEntry = Entry & { _failureText?: unknown; _error?: unknown; response: Entry['response'] & { _failureText?: unknown; _error?: unknown } };

/** True when a parsed document is a HAR log. */
export function looksLikeHar(doc: unknown): boolean {
  return isPlainObject(doc) && isPlainObject(doc.log) && Array.isArray(doc.log.entries);
}

function failureText(entry: WriterEntry): string | undefined {
  for (const value of [entry._failureText, entry._error, entry.response._failureText, entry.response._error]) {
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/** True when the writer saw headers but no body: content neither recorded nor sized (a request cut off mid-response). */
function bodyCutOff(response: WriterEntry['response']): boolean {
  const content = isPlainObject(response.content) ? response.content : undefined;
  return typeof content?.text !== 'string' && !((content?.size ?? 0) > 0) && !((response.bodySize ?? 0) > 0);
}

/** Why an entry holds no API response (or undefined when it holds one, `op` its operation). */
function skipReason(entry: WriterEntry, method: string, url: string, status: unknown, op: OperationInfo | undefined): { reason: SkipReason; detail: string } | undefined {
  // The entry named, and its writer's failure text, only for an entry skipped (most entries are not).
  const what = () => `${method || '(no method)'} ${url || '(no url)'}`;
  if (typeof status !== 'number' || status <= 0) return { reason: 'no response', detail: `${what()}: ${failureText(entry) ?? `status ${JSON.stringify(status)}, no response was received`}` };
  if (method.toUpperCase() === 'OPTIONS') return { reason: 'CORS preflight', detail: what() };
  if (!op) return { reason: 'not an API operation', detail: what() };
  if (status === 304) return { reason: 'not modified', detail: `${what()}: HTTP 304 carries no body` };
  if (status === 204) return { reason: 'no content', detail: `${what()}: HTTP 204 carries no body` };
  if (status >= 300 && status < 400) {
    const to = typeof entry.response.redirectURL === 'string' && entry.response.redirectURL ? ` to ${entry.response.redirectURL}` : '';
    return { reason: 'redirect', detail: `${what()}: HTTP ${status}${to}` };
  }
  if (bodyCutOff(entry.response)) {
    return { reason: 'no response', detail: `${what()}: HTTP ${status} headers arrived but no body (${failureText(entry) ?? 'the request was aborted or the connection dropped'})` };
  }
  return undefined;
}

/** One entry of a HAR log (`where`: `file#i`). */
export function readEntry(raw: unknown, where: string): CaptureItem {
  if (!isPlainObject(raw) || !isPlainObject(raw.request) || !isPlainObject(raw.response)) return unreadable(where, 'HAR entry without "request" and "response" objects');
  const entry = raw as unknown as WriterEntry;
  const method = typeof entry.request.method === 'string' ? entry.request.method : '';
  const url = typeof entry.request.url === 'string' ? entry.request.url : '';
  const status: unknown = entry.response.status;
  // Looked up once: what skips the entry and what its request is read as.
  const found = operationOf(method, url);
  const skip = skipReason(entry, method, url, status, found);
  if (skip) return { kind: 'skipped', source: where, ...skip };
  // (An entry without an operation is skipped above.)
  const op = found!;
  // Named only in the messages of an unreadable entry.
  const what = () => `${method} ${requestPathname(url)}`;
  const decoded = contentText(isPlainObject(entry.response.content) ? entry.response.content : undefined);
  if (!decoded.ok) return unreadable(where, `${what()}: ${decoded.message}`);
  if (decoded.text === undefined || decoded.text === '') {
    const why = decoded.text === undefined ? 'response.content.text is missing' : 'response.content.text is empty';
    return unreadable(where, `${what()}: the response body was not recorded (${why}; record HAR files with content, e.g. Playwright recordHar content "embed")`);
  }
  let request: unknown;
  let requestMissing: string | undefined;
  if (op.method === 'POST') {
    const recovered = recoverRequest(isPlainObject(entry.request.postData) ? entry.request.postData : undefined, op);
    if ('request' in recovered) request = recovered.request;
    else requestMissing = 'error' in recovered ? recovered.error : recovered.missing;
  }
  const body = parseJson(decoded.text);
  // The API always answers JSON: a body that is not JSON is an invalid response.
  if (!body.ok) return { kind: 'response', source: where, method, path: url, status: status as number, body: undefined, request, requestMissing, bodyProblem: `response body is not JSON: ${body.message}` };
  return { kind: 'response', source: where, method, path: url, status: status as number, body: body.value, request, requestMissing };
}

/** The items of a parsed HAR document, in entry order. */
export function readHar(doc: unknown, source: string): CaptureSet {
  if (!looksLikeHar(doc)) return [unreadable(source, 'not a HAR file: expected { "log": { "entries": [...] } }')];
  return (doc as { log: { entries: unknown[] } }).log.entries.map((entry, i) => readEntry(entry, `${source}#${i}`));
}
