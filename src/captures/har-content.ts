/**
 * Text of HAR bodies: `response.content` (plain or `encoding: "base64"`) and the request body
 * from `postData.text`, or rebuilt from `postData.params` with the operation's request members.
 */
import type { Content, PostData } from 'har-format';
import type { OperationInfo } from '../../generated/operations.js';
import { parseJson } from './json-syntax.js';
import { requestMembers } from './request-members.js';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export type Decoded = { ok: true; text: string | undefined } | { ok: false; message: string };

/** The body text of `content`; base64 is checked strictly (no silent mojibake). */
export function contentText(content: Partial<Content> | undefined): Decoded {
  const text = content?.text;
  if (typeof text !== 'string') return { ok: true, text: undefined };
  if (typeof content?.encoding !== 'string' || content.encoding.toLowerCase() !== 'base64') return { ok: true, text };
  const compact = text.replace(/\s+/g, '');
  if (compact.length % 4 === 1 || !BASE64.test(compact)) return { ok: false, message: 'response.content.text is not valid base64 although content.encoding is "base64"' };
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(compact, 'base64')) };
  } catch {
    return { ok: false, message: 'response.content.text is base64 of bytes that are not UTF-8 text' };
  }
}

export type RecoveredRequest = { request: unknown } | { missing: string } | { error: string };

function fromParams(params: readonly { name?: unknown; value?: unknown }[], op: Pick<OperationInfo, 'version' | 'kind'>): RecoveredRequest {
  const members = requestMembers(op);
  if (!members) return { missing: 'the operation takes no request body, but postData.params were recorded' };
  const request: Record<string, unknown> = {};
  for (const param of params) {
    if (typeof param?.name !== 'string') return { error: 'request postData.params holds an entry without a "name"' };
    const { name, value } = param;
    if (members[name] === 'array') ((request[name] ??= []) as unknown[]).push(value);
    else if (name in request) return { error: `request postData.params repeats "${name}", which is not an array member of the request` };
    else request[name] = value;
  }
  return { request };
}

/** The request body of a HAR entry for operation `op`. */
export function recoverRequest(postData: Partial<PostData> | undefined, op: Pick<OperationInfo, 'version' | 'kind'>): RecoveredRequest {
  if (!postData) return { missing: 'no request body was recorded (request.postData is missing)' };
  if (typeof postData.text === 'string' && postData.text.trim() !== '') {
    const parsed = parseJson(postData.text);
    return parsed.ok ? { request: parsed.value } : { error: `request.postData.text is not JSON: ${parsed.message}` };
  }
  if (Array.isArray(postData.params) && postData.params.length) return fromParams(postData.params, op);
  return { missing: 'no request body was recorded (request.postData holds neither text nor params)' };
}
