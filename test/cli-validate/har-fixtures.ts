/** HAR 1.2 entries shaped as browsers write them, for the HAR tests. */

export function entry(method: string, url: string, status: number, body: string | undefined, options: { request?: string; params?: { name: string; value: unknown }[]; base64?: boolean; rawText?: string; mimeType?: string; size?: number; extra?: Record<string, unknown>; response?: Record<string, unknown> } = {}) {
  return {
    startedDateTime: '2026-01-22T10:00:00.000Z',
    time: 12,
    request: {
      method,
      url,
      httpVersion: 'HTTP/1.1',
      headers: [],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: options.request?.length ?? 0,
      ...(options.request !== undefined ? { postData: { mimeType: 'application/json; charset=utf-8', text: options.request } } : {}),
      ...(options.params !== undefined ? { postData: { mimeType: 'application/json', params: options.params } } : {}),
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: [],
      cookies: [],
      content: {
        size: options.size ?? body?.length ?? 0,
        mimeType: options.mimeType ?? 'application/json',
        ...(body !== undefined ? { text: options.base64 ? Buffer.from(body).toString('base64') : body, ...(options.base64 ? { encoding: 'base64' } : {}) } : {}),
        ...(options.rawText !== undefined ? { text: options.rawText, encoding: 'base64' } : {}),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
      ...options.response,
    },
    cache: {},
    timings: { send: 0, wait: 10, receive: 2 },
    ...options.extra,
  };
}

export const har = (entries: unknown[]) => ({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries } });
export const API = 'https://api.example.invalid';
