/**
 * The media type of a request body. The documents say requests carry
 * `Content-Type: application/json; charset=utf-8`; the mock refuses a body sent as anything else
 * with code 400 (HTTP 400, "Bad request"), a failure the documents list, where Prism answers 415,
 * which they do not. An empty body is not looked at.
 */
import { quoted } from './echo.js';

/** Why a body with this Content-Type header is refused, or undefined when it is JSON in UTF-8. */
export function contentTypeProblem(header: string | undefined): string | undefined {
  const expected = 'send it with Content-Type: application/json; charset=utf-8';
  if (header === undefined || header.trim() === '') return `The request body has no Content-Type: ${expected}.`;
  const [type, ...parameters] = header.split(';').map((part) => part.trim().toLowerCase());
  const charset = parameters.find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/^"(.*)"$/, '$1');
  if (type === 'application/json' && (charset === undefined || charset === 'utf-8' || charset === 'utf8')) return undefined;
  return `The request body is sent as Content-Type ${quoted(header)}: ${expected}.`;
}
