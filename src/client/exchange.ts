/**
 * One exchange with the API as a capture: the object `social-analytics-api validate` reads
 * (`{ method, path, request?, response, status }`), with every spelling of the credentials
 * replaced by the client's redaction (`redacted: true` says so), and the value of every query
 * parameter and JSON member whose name names a credential (credential-names.ts) replaced too.
 * The client gives it to its `onExchange` option; the proxy records it. No header is kept, so
 * no `Authorization` or cookie either.
 */
import { redactCredentialMembers, redactCredentialQuery } from './credential-names.js';
import type { Redactor } from './redact.js';

/** A recorded exchange in the capture format of `validate`, redacted. */
export interface ExchangeCapture {
  method: string;
  /** The path of the request, with its query when it had one (redacted). */
  path: string;
  /** The request body as a value (JSON), when one was sent. */
  request?: unknown;
  status: number;
  /** The response body as JSON, or its text when it is not JSON. */
  response: unknown;
  /** When the answer was complete (ISO 8601). */
  recordedAt: string;
  /** Every echo of the token and secret (in the path, the request, the response) was replaced by `[redacted]`. */
  redacted: true;
}

/** What an exchange is made of before redaction. */
export interface RawExchange {
  method: string;
  path: string;
  /** The request body as a value; undefined when none was sent. */
  request?: unknown;
  /** Or the request body as sent (JSON text), redacted as the response body is. */
  requestText?: string;
  status: number;
  /** The response body as read (text). */
  text: string;
}

/** The body as JSON, or its text when it is not JSON (an empty body is the empty text). */
function bodyValue(text: string): unknown {
  if (text.trim() === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The response body redacted: the JSON text is redacted whole (the redaction finds JSON-escaped
 * spellings too, and replaces a credential inside a string by a text without quotes or
 * backslashes, so the text stays JSON), then parsed; far faster than redacting each string of the
 * parsed value. A text that is no longer JSON after redaction is parsed first and redacted value
 * by value.
 */
function redactedBody(text: string, redact: Pick<Redactor, 'text' | 'value'>): unknown {
  const value = bodyValue(redact.text(text));
  // Not JSON once redacted, though it was: redacted value by value.
  return typeof value === 'string' && typeof bodyValue(text) !== 'string' ? redact.value(bodyValue(text)) : value;
}

/** The capture of one exchange, every string of it redacted. */
export function exchangeCapture(exchange: RawExchange, redact: Pick<Redactor, 'text' | 'value'>, now: Date = new Date()): ExchangeCapture {
  return {
    method: exchange.method,
    path: redactCredentialQuery(redact.text(exchange.path)),
    ...(exchange.requestText !== undefined ? { request: redactCredentialMembers(redactedBody(exchange.requestText, redact)) } : exchange.request !== undefined ? { request: redactCredentialMembers(redact.value(exchange.request)) } : {}),
    status: exchange.status,
    response: redactCredentialMembers(redactedBody(exchange.text, redact)),
    recordedAt: now.toISOString(),
    redacted: true,
  };
}
