/**
 * The mock answers like an API server at its edges: a body of another Content-Type is refused
 * with a documented failure, echoed values are cut, slow connections are closed (timeouts
 * injected small; nothing here waits for a real 30 s), and the request log keeps the last
 * entries only. Every answer passes the package's response validators.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { authorizationHeader } from '../../src/client/auth.js';
import { validateResponse } from '../../src/validators/index.js';
import { mock, SECRET, TOKEN } from '../client/support/server.js';

const auth = authorizationHeader(TOKEN, SECRET);
/** A hang guard, generous for a loaded machine; never a speed limit. */
const HANG_GUARD_MS = 20_000;

type Answer = { status: number; body: { success: boolean; errors: { code: number; errors: string[] }[] } };

/** A request with exactly these headers (fetch would add a Content-Type of its own to a text body). */
function send(url: string, path: string, method: string, extra: Record<string, string>, body: string): Promise<Answer> {
  const headers = { authorization: auth, 'content-length': Buffer.byteLength(body), ...extra };
  return new Promise((resolve, reject) => {
    const req = request(url + path, { method, headers, timeout: HANG_GUARD_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A POST of `body`, with this Content-Type or none. */
const post = (url: string, path: string, body: string, contentType?: string) => send(url, path, 'POST', contentType === undefined ? {} : { 'content-type': contentType }, body);

/** The answer passes the validators in strict mode (no request given: the failure is about the transport). */
const expectValid = (path: string, answer: { status: number; body: unknown }) =>
  expect(validateResponse({ method: 'POST', path, status: answer.status, body: answer.body, strict: true }).errors).toEqual([]);

/** Sends `head` (and `body`) over a raw connection and resolves with what came back once the server closed it. */
function rawExchange(port: number, head: string, body = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const guard = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${HANG_GUARD_MS} ms`));
    }, HANG_GUARD_MS);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(guard);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    socket.write(head + body);
  });
}

describe('the mock at its edges', () => {
  const labels = '/2/post/labels';
  const metrics = '/2/facebook/metrics';

  it('refuses a body of another Content-Type, or none, with HTTP 400 code 400 naming the type; JSON in UTF-8 is served', async () => {
    const server = await mock();
    const refused = [
      ['text/plain;charset=UTF-8', 'The request body is sent as Content-Type "text/plain;charset=UTF-8": send it with Content-Type: application/json; charset=utf-8.'],
      ['application/x-www-form-urlencoded', 'The request body is sent as Content-Type "application/x-www-form-urlencoded": send it with Content-Type: application/json; charset=utf-8.'],
      ['application/json; charset=iso-8859-1', 'The request body is sent as Content-Type "application/json; charset=iso-8859-1": send it with Content-Type: application/json; charset=utf-8.'],
      [undefined, 'The request body has no Content-Type: send it with Content-Type: application/json; charset=utf-8.'],
    ] as const;
    for (const [type, detail] of refused) {
      const answer = await post(server.url, labels, '{}', type);
      expect(answer, String(type)).toMatchObject({ status: 400, body: { success: false, errors: [{ code: 400, errors: ['Bad request.', detail] }] } });
      expectValid(labels, answer);
    }
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON; Charset="UTF-8"']) {
      expect((await post(server.url, labels, '{}', type)).body.success, type).toBe(true);
    }
  });

  it('quotes an invalid cursor by its first characters, not whole (1 MB sent)', async () => {
    const server = await mock();
    const after = 'A'.repeat(1000 * 1000);
    const profiles = server.account.profiles.facebook.slice(0, 1).map((p) => p.id);
    const request = { profiles, date_start: '2025-01-01', date_end: '2025-01-31', fields: ['id'], after };
    const answer = await post(server.url, '/2/facebook/page/posts', JSON.stringify(request), 'application/json');
    expect(answer.body.errors[0].code).toBe(3);
    expect(answer.body.errors[0].errors[1]).toBe(`Invalid cursor in parameter after (resend every other parameter unchanged): "${'A'.repeat(40)}"… (1000000 characters)`);
    expect(JSON.stringify(answer.body).length).toBeLessThan(1000);
    expectValid('/2/facebook/page/posts', answer);
  });

  it('cuts an unknown path in its 404 and in the log; no failure holds more than 50 details of 500 characters', async () => {
    const server = await mock();
    const path = `/2/${'x'.repeat(5000)}`;
    const answer = await post(server.url, path, '{}', 'application/json');
    expect(answer.status).toBe(404);
    expect(answer.body.errors[0].errors[1]).toBe(`Unknown path: /2/${'x'.repeat(37)}… (5003 characters)`);
    expect(server.log.at(-1)!.path).toBe(`/2/${'x'.repeat(197)}…`);
    const { cutDetails } = await import('../../src/mock/echo.js');
    const cut = cutDetails(Array.from({ length: 1000 }, (_, i) => `${i}:${'y'.repeat(2000)}`));
    expect(cut).toHaveLength(50);
    expect(cut.at(-1)).toBe('and 951 more');
    expect(Math.max(...cut.map((d) => d.length))).toBe(500);
  });

  it('closes a connection whose body does not arrive in time, with HTTP 400 code 400 that passes the validators', async () => {
    const server = await mock({ bodyTimeoutMs: 100 });
    const head = `POST ${metrics} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;
    const reply = await rawExchange(server.port, head, '{"profiles":');
    const [status, , ...rest] = reply.split('\r\n');
    expect(status).toBe('HTTP/1.1 400 Bad Request');
    expect(reply).toMatch(/\r\nConnection: close\r\n/i);
    const body = JSON.parse(rest.slice(rest.indexOf('') + 1).join('\r\n'));
    expect(body).toEqual({ success: false, errors: [{ code: 400, errors: ['Bad request.', 'The request body did not arrive within 0.1 s.'] }] });
    expectValid(metrics, { status: 400, body });
    expect(server.log.at(-1)).toMatchObject({ path: metrics, status: 400, code: 400 });
  });

  it('closes a connection whose headers do not arrive in time', async () => {
    const server = await mock({ headersTimeoutMs: 100 });
    const reply = await rawExchange(server.port, `POST ${metrics} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
    expect(reply).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(server.log).toEqual([]);
  });

  it('keeps the last logSize requests in its log, oldest first (10 000 by default)', async () => {
    const server = await mock({ logSize: 3 });
    for (const path of ['/2/a', '/2/b', '/2/c', '/2/d', '/2/e']) await post(server.url, path, '{}', 'application/json');
    expect(server.log.map((e) => e.path)).toEqual(['/2/c', '/2/d', '/2/e']);
    const { DEFAULT_LOG_SIZE } = await import('../../src/mock/request-log.js');
    expect(DEFAULT_LOG_SIZE).toBe(10_000);
    const { appendToLog } = await import('../../src/mock/request-log.js');
    const log: number[] = [];
    for (let i = 0; i < 25_000; i++) appendToLog(log, i, DEFAULT_LOG_SIZE);
    expect(log).toHaveLength(10_000);
    expect(log[0]).toBe(15_000);
  });

  it('refuses bad timeout and log options with a RangeError naming them', async () => {
    await expect(mock({ bodyTimeoutMs: 0 })).rejects.toThrow('startMockServer: bodyTimeoutMs must be a whole number of milliseconds from 1, got 0');
    await expect(mock({ headersTimeoutMs: 1.5 })).rejects.toThrow('headersTimeoutMs');
    await expect(mock({ logSize: -1 })).rejects.toThrow('startMockServer: logSize must be a whole number from 0, got -1');
  });
});

describe('the mock command', () => {
  it('takes --headers-timeout and --body-timeout in milliseconds', async () => {
    const { parseMockArgs } = await import('../../src/cli/mock.js');
    expect(parseMockArgs(['--headers-timeout', '5000', '--body-timeout', '7000'])).toMatchObject({ headersTimeoutMs: 5000, bodyTimeoutMs: 7000 });
    expect(() => parseMockArgs(['--body-timeout', '0'])).toThrow('option --body-timeout needs a number from 1 to 3600000, got "0"');
    expect(() => parseMockArgs(['--headers-timeout', '2.5'])).toThrow('option --headers-timeout needs a whole number');
  });
});

describe('the mock answers on request (Prefer: code= and example= as Prism reads them, error= for the API codes)', () => {
  const metrics = '/2/facebook/metrics';
  const prefer = (url: string, path: string, value: string, method = 'POST') =>
    send(url, path, method, { 'content-type': 'application/json', prefer: value }, method === 'POST' ? '{}' : '');
  const valid = (method: string, path: string, answer: Answer) => expect(validateResponse({ method, path, status: answer.status, body: answer.body, strict: true }).errors).toEqual([]);
  const failure = (status: number, code: number, asked: string) => ({ status, body: { success: false, errors: [{ code, errors: [expect.any(String), `Answered as the request asked: Prefer: ${asked}.`] }] } });

  it('error=N answers the documented failure with error code N and its HTTP status, whatever the body, valid for the validators', async () => {
    const server = await mock({ budgets: { perUser: 1, perAccount: 100 } });
    for (const [code, status] of [[10, 200], [6, 200], [11, 200], [3, 200], [400, 400], [500, 500]] as const) {
      const answer = await prefer(server.url, metrics, `error=${code}`);
      expect(answer, `error=${code}`).toEqual(failure(status, code, `error=${code}`));
      valid('POST', metrics, answer);
    }
    // Answers chosen by Prefer take nothing of the budget of one request an hour.
    expect((await prefer(server.url, '/2/post/labels', 'return=minimal')).body.success).toBe(true);
    expect((await prefer(server.url, '/2/post/labels', 'code=200')).body.errors[0].code).toBe(11);
  });

  it('code=S is an HTTP status, as in Prism: the operation\'s documented answer of that status', async () => {
    const server = await mock();
    // Every status the OpenAPI document lists for the operation, and no other, is answered: its
    // `default` response (a failure at a status not listed, which the validators only warn of) is
    // never the mock's answer (code=422 below is refused).
    const document = parse(readFileSync(new URL('../../generated/openapi/v2.yaml', import.meta.url), 'utf8')) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const keys = Object.keys(document.paths[metrics].post.responses);
    expect(keys).toEqual(['200', '400', '401', '403', '404', '405', '500', 'default']);
    const statuses = keys.filter((key) => key !== 'default').map(Number);
    for (const status of statuses.filter((s) => s !== 200)) {
      const answer = await prefer(server.url, metrics, `code=${status}`);
      expect(answer, `code=${status}`).toEqual(failure(status, status, `code=${status}`));
      valid('POST', metrics, answer);
    }
    // code=200 is the usual answer: the body is checked as ever (code 3 for an empty one).
    expect((await prefer(server.url, metrics, 'code=200')).body.errors[0].code).toBe(3);
    expect((await prefer(server.url, '/2/post/labels', 'code=200')).body.success).toBe(true);
    // Both, when they agree: the failure with that code and status.
    expect(await prefer(server.url, metrics, 'code=200, error=10')).toEqual(failure(200, 10, 'error=10'));
    expect(await prefer(server.url, metrics, 'code=401; x=1, error=401')).toEqual(failure(401, 401, 'error=401'));
  });

  it('example=NAME answers that example of the OpenAPI documents, valid for the validators', async () => {
    const { responseExamples } = await import('../../generated/response-examples.js');
    const server = await mock();
    const cases = [
      ['POST', metrics, 'byProfile'],
      ['GET', '/1/facebook/profiles', 'profiles'],
      ['POST', '/2/facebook/page/posts', 'page'],
      ['POST', '/2/post/labels', 'failure'],
    ] as const;
    for (const [method, path, name] of cases) {
      const answer = await prefer(server.url, path, `example="${name}"`, method);
      expect(answer, name).toEqual({ status: 200, body: responseExamples[`${method} ${path}`][name] });
      valid(method, path, answer);
    }
  });

  it('a status, error code or example the operation does not have, or two that disagree, is a failure naming those it has; unknown preferences are ignored', async () => {
    const server = await mock();
    const cases = [
      [metrics, 'error=12', 'Prefer: error="12" is not an error code of POST /2/facebook/metrics; it has 3, 4, 5, 6, 8, 10, 11, 13, 99, 400, 401, 403, 404, 405, 500.'],
      [metrics, 'error=7', 'Prefer: error="7" is not an error code of POST /2/facebook/metrics; it has 3, 4, 5, 6, 8, 10, 11, 13, 99, 400, 401, 403, 404, 405, 500.'],
      [metrics, 'code=10', 'Prefer: code="10" is an HTTP status, as Prism reads it; POST /2/facebook/metrics answers 200, 400, 401, 403, 404, 405, 500. For the API error code 10, ask error=10.'],
      [metrics, 'code=422', 'Prefer: code="422" is an HTTP status, as Prism reads it; POST /2/facebook/metrics answers 200, 400, 401, 403, 404, 405, 500.'],
      [metrics, 'code=401, error=10', 'Prefer: error=10 comes with HTTP 200, not code=401; ask for one of the two.'],
      [metrics, 'example=nope', 'Prefer: example="nope" is not an example of POST /2/facebook/metrics; it has daily, byProfile, failure.'],
      [metrics, 'error=6, example=daily', 'Prefer: asks for the failure with code 6 and example="daily"; the examples are success answers, ask for one of the two.'],
      [metrics, 'code=500, example=daily', 'Prefer: asks for the failure with code 500 and example="daily"; the examples are success answers, ask for one of the two.'],
    ] as const;
    for (const [path, header, detail] of cases) {
      const answer = await prefer(server.url, path, header);
      expect(answer, header).toEqual({ status: 400, body: { success: false, errors: [{ code: 400, errors: ['Bad request.', detail] }] } });
      valid('POST', path, answer);
    }
    expect((await prefer(server.url, '/2/facebook/page/posts', 'error=7')).body.errors[0].code).toBe(7);
    expect((await prefer(server.url, metrics, 'code=200, example=daily')).body.success).toBe(true);
    expect((await prefer(server.url, '/2/post/labels', 'respond-async, wait=5')).body.success).toBe(true);
  });
});
