/**
 * The msw handlers and the mock server are two transports of one answer engine: for every
 * operation of both versions, over many seeds and requests (valid ones, and ones broken in the
 * ways a request breaks: body, method, credentials, media type, Prefer), the handlers' answer
 * equals the server's byte for byte (status, the headers the mock sets, body), and passes the
 * validators in strict mode. Requests go through msw's own `getResponse` (no global
 * interception), and to the server over HTTP.
 */
import fc from 'fast-check';
import { getResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../generated/operations.js';
import { authorizationHeader } from '../../src/client/auth.js';
import { startMockServer, type MockServer, type MockServerOptions } from '../../src/mock/index.js';
import { createHandlers, type MockHandlers } from '../../src/msw/index.js';
import { validateResponse } from '../../src/validators/index.js';
import { validRequest } from '../client/support/requests.js';

const BASE = 'https://api.example.test';
const TOKEN = 'msw-token';
const SECRET = 'msw-secret';
const SEEDS = [1, 2, 42, 777, 2_147_483_647];
/** The headers the mock sets (the server's transport adds Date, Keep-Alive and the like). */
const MOCK_HEADERS = ['content-type', 'content-length', 'allow', 'access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers', 'access-control-max-age'];

interface Pair {
  server: MockServer;
  handlers: MockHandlers;
}

/** A server and handlers with the same options; the budgets' clock stands still. */
async function pair(options: MockServerOptions): Promise<Pair> {
  const shared = { token: TOKEN, secret: SECRET, now: () => 1_000_000, ...options };
  return { server: await startMockServer(shared), handlers: createHandlers({ baseUrl: BASE, ...shared }) };
}

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface Got {
  status: number;
  headers: Record<string, string | null>;
  body: Uint8Array;
}

async function gotOf(response: Response): Promise<Got> {
  return { status: response.status, headers: Object.fromEntries(MOCK_HEADERS.map((h) => [h, response.headers.get(h)])), body: new Uint8Array(await response.arrayBuffer()) };
}

async function both({ server, handlers }: Pair, sent: Sent): Promise<[Got, Got]> {
  const init = { method: sent.method, headers: sent.headers, body: sent.body };
  const fromServer = await gotOf(await fetch(server.url + sent.path, init));
  const mocked = await getResponse(handlers, new Request(BASE + sent.path, init));
  if (!mocked) throw new Error(`no msw answer for ${sent.method} ${sent.path}`);
  return [fromServer, await gotOf(mocked)];
}

const auth = authorizationHeader(TOKEN, SECRET);
const json = { authorization: auth, 'content-type': 'application/json; charset=utf-8' };

/** The ways a request is sent: as built, and broken in one way each. */
const variants = ['valid', 'any-json-body', 'member-replaced', 'wrong-method', 'no-credentials', 'wrong-secret', 'text-body', 'not-json', 'prefer', 'unknown-path'] as const;
const PREFERS = ['code=200', 'code=401', 'error=4', 'error=3', 'code=418', 'example=nope', 'error=4, code=400', 'respond-async'];

function requestArbitrary(account: MockHandlers['account']) {
  return fc.record({
    op: fc.constantFrom(...operations),
    pick: fc.nat(),
    variant: fc.constantFrom(...variants),
    json: fc.jsonValue({ maxDepth: 3 }),
    member: fc.string({ maxLength: 12 }),
    prefer: fc.constantFrom(...PREFERS),
  }).map((drawn) => {
    const sent = sentOf(account, drawn);
    // fetch sends no body with a GET.
    return sent.method === 'GET' ? { ...sent, body: undefined } : sent;
  });
}

function sentOf(account: MockHandlers['account'], { op, pick, variant, json: any, member, prefer }: { op: (typeof operations)[number]; pick: number; variant: (typeof variants)[number]; json: unknown; member: string; prefer: string }): Sent {
    const built = validRequest(op, account, pick);
    const body = built.body === undefined ? undefined : JSON.stringify(built.body);
    const sent: Sent = { method: op.method, path: op.path, headers: { ...json }, body };
    switch (variant) {
      case 'any-json-body':
        return { ...sent, method: 'POST', body: JSON.stringify(any) };
      case 'member-replaced': {
        const keys = Object.keys(built.body ?? {});
        return keys.length ? { ...sent, body: JSON.stringify({ ...built.body, [keys[pick % keys.length]]: any }) } : { ...sent, body: JSON.stringify({ [member]: any }) };
      }
      case 'wrong-method':
        return { ...sent, method: op.method === 'GET' ? 'POST' : 'GET', body: op.method === 'GET' ? body ?? '{}' : undefined };
      case 'no-credentials':
        return { ...sent, headers: { 'content-type': 'application/json' } };
      case 'wrong-secret':
        return { ...sent, headers: { ...json, authorization: authorizationHeader(TOKEN, member || 'x') } };
      case 'text-body':
        return op.method === 'POST' ? { ...sent, headers: { ...json, 'content-type': 'text/plain' } } : sent;
      case 'not-json':
        return op.method === 'POST' ? { ...sent, body: `{${member}` } : sent;
      case 'prefer':
        return { ...sent, headers: { ...json, prefer } };
      case 'unknown-path':
        return { ...sent, path: `${op.path}/${encodeURIComponent(member)}x` };
      default:
        return sent;
    }
}

const pairs: Pair[] = [];
beforeAll(async () => {
  for (const seed of SEEDS) pairs.push(await pair({ seed }));
});
afterAll(async () => {
  await Promise.all(pairs.map((p) => p.server.close()));
});

describe('msw handlers and the mock server: one answer engine', () => {
  it('answer every operation of both versions alike, byte for byte, over many seeds and requests; every answer passes the validators in strict mode', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: SEEDS.length - 1 }), requestArbitrary(pairs[0].handlers.account), async (index, sent) => {
        const [fromServer, fromMsw] = await both(pairs[index], sent);
        expect(fromMsw).toEqual(fromServer);
        const body = JSON.parse(new TextDecoder().decode(fromMsw.body));
        const op = operations.find((o) => o.method === sent.method && o.path === sent.path);
        if (op) {
          seen.add(op.key);
          const result = validateResponse({ method: sent.method, path: sent.path, status: fromMsw.status, body, request: sent.body, strict: true });
          expect(result.errors, `${op.key}: ${JSON.stringify(result.errors.slice(0, 3))}`).toEqual([]);
        }
      }),
      { numRuns: 600, seed: 50 },
    );
    expect([...seen].sort()).toEqual(operations.map((o) => o.key).sort());
  }, 300_000);

  it('keep the same state: budgets, forbidden operations and faults give the same answers in the same order', async () => {
    const options: MockServerOptions = { seed: 9, budgets: { perUser: 8, perAccount: 14 }, users: [{ token: 'u2', secret: 's2' }], forbidden: ['POST /2/post/labels'], faults: { serverErrorRate: 0.1, malformedRate: 0.1, unknownErrorRate: 0.1 } };
    const cycle = ['POST /2/post/labels', 'POST /2/facebook/metrics', 'GET /1/twitter/profiles', 'POST /2/instagram/profile/posts', 'POST /1/youtube/metrics'].map((key) => operations.find((o) => o.key === key)!);
    const p = await pair(options);
    try {
      const statuses: number[] = [];
      const codes: unknown[] = [];
      for (let i = 0; i < 40; i++) {
        const user = i % 3 === 0 ? authorizationHeader('u2', 's2') : auth;
        const op = cycle[i % cycle.length];
        const sent: Sent = { method: op.method, path: op.path, headers: { ...json, authorization: user }, body: op.method === 'POST' ? JSON.stringify(validRequest(op, p.handlers.account, i).body) : undefined };
        const [fromServer, fromMsw] = await both(p, sent);
        expect(fromMsw, `request ${i}: ${sent.method} ${sent.path}`).toEqual(fromServer);
        statuses.push(fromMsw.status);
        const text = new TextDecoder().decode(fromMsw.body);
        codes.push(text.startsWith('{"success":false') ? JSON.parse(text).errors[0].code : text.startsWith('{"success":true,"da') && !text.endsWith('}') ? 'malformed' : 'ok');
      }
      // The faults, the forbidden operation and both budgets did answer, alike.
      expect(codes).toEqual(expect.arrayContaining([500, 'malformed', 99, 403, 11, 10, 'ok']));
    } finally {
      await p.server.close();
    }
  });

  it('answer a preflight alike, and a dropped connection is a network error', async () => {
    const [fromServer, fromMsw] = await both(pairs[0], { method: 'OPTIONS', path: '/2/facebook/metrics', headers: {} });
    expect(fromServer.status).toBe(204);
    expect(fromMsw).toEqual(fromServer);
    const dropping = createHandlers({ baseUrl: BASE, faults: { dropRate: 1 } });
    const response = await getResponse(dropping, new Request(`${BASE}/2/post/labels`, { method: 'POST', body: '{}' }));
    expect(response?.type).toBe('error');
  });

  it('refuse a base URL that is not an http(s) URL, naming it', () => {
    expect(() => createHandlers({ baseUrl: 'api.example.test' })).toThrow('createHandlers: baseUrl must be an http(s) URL without query, fragment or credentials, such as "https://api.example.test", got "api.example.test"');
    expect(() => createHandlers({ baseUrl: 'https://api.example.test', historyStart: '2015-13-01' })).toThrow('createHandlers: historyStart must be a day YYYY-MM-DD, got "2015-13-01"');
  });

  it('answer under a base URL with a path prefix, and leave other URLs to the next handler', async () => {
    const handlers = createHandlers({ baseUrl: 'http://localhost:4010/api/', token: TOKEN, secret: SECRET });
    const ok = await getResponse(handlers, new Request('http://localhost:4010/api/2/post/labels', { method: 'POST', headers: json, body: '{}' }));
    expect(ok?.status).toBe(200);
    expect(await ok?.json()).toMatchObject({ success: true });
    expect(await getResponse(handlers, new Request('http://localhost:4010/other/2/post/labels', { method: 'POST', headers: json, body: '{}' }))).toBeUndefined();
    expect(await getResponse(handlers, new Request('http://localhost:4011/api/2/post/labels', { method: 'POST', headers: json, body: '{}' }))).toBeUndefined();
  });
});
