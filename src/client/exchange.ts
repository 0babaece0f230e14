/**
 * One exchange with the API as a capture: the object `social-analytics-api validate` reads
 * (`{ method, path, request?, response, status }`), with every spelling of the credentials
 * replaced by the client's redaction (`redacted: true` says so). The client gives it to its
 * `onExchange` option; the proxy records it. No header is kept, so no `Authorization` either.
 */
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
  request: unknown;
  status: number;
  /** The response body as read (text). */
  text: string;
  /** The parsed body when it was already parsed (saves a second parse). */
  body?: unknown;
}

/** The body as JSON, or its text when it is not JSON (an empty body is the empty text). */
export function bodyValue(text: string): unknown {
  if (text.trim() === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The capture of one exchange, every string of it redacted. */
export function exchangeCapture(exchange: RawExchange, redact: Pick<Redactor, 'text' | 'value'>, now: Date = new Date()): ExchangeCapture {
  const response = 'body' in exchange && exchange.body !== undefined ? exchange.body : bodyValue(exchange.text);
  return {
    method: exchange.method,
    path: redact.text(exchange.path),
    ...(exchange.request !== undefined ? { request: redact.value(exchange.request) } : {}),
    status: exchange.status,
    response: redact.value(response),
    recordedAt: now.toISOString(),
    redacted: true,
  };
}
