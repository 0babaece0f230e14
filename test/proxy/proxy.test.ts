/**
 * The proxy between the client and the mock, and between the client and a misbehaving upstream:
 * answers identical to direct calls (byte for byte), planted invalid answers reported with the
 * rules a direct check names, recorded captures that `validate` judges the same, no credential
 * in a recorded file or a line, and a target that is slow, down, cuts off or floods ends in a
 * documented answer, never a crash.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationHeader } from '../../src/client/auth.js';
import { createClient } from '../../src/client/index.js';
import { buildReport } from '../../src/cli/build-report.js';
import { exchangeLine } from '../../src/cli/proxy.js';
import type { MockServer } from '../../src/mock/index.js';
import { startProxy, type ProxyExchange, type ProxyServer } from '../../src/proxy/index.js';
import { validateResponse } from '../../src/validators/index.js';
import { json, startServer, type HostileServer } from '../client/support/hostile.js';
import { allOperations, validRequest } from '../client/support/requests.js';
import { mock, SECRET, TOKEN } from '../client/support/server.js';
import { holdsCredentialPiece } from './support/credentials.js';

const AUTH = authorizationHeader(TOKEN, SECRET);
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** One raw exchange: status, the headers that matter, the body's bytes (not decoded). */
function rawCall(base: string, method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string | undefined; encoding: string | undefined; bytes: Buffer }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname: url.hostname, port: url.port, path: url.pathname + url.search, method, headers: { authorization: AUTH, ...(body ? { 'content-type': 'application/json' } : {}), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], encoding: res.headers['content-encoding'], bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The callers waiting for more exchanges of a proxy's list ({@link settled}). */
const waiting = new WeakMap<ProxyExchange[], (() => void)[]>();

/** A proxy whose exchanges are collected. */
async function proxyTo(target: string, options: Partial<Parameters<typeof startProxy>[0]> = {}) {
  const exchanges: ProxyExchange[] = [];
  const onExchange = (e: ProxyExchange) => {
    exchanges.push(e);
    const waiters = waiting.get(exchanges) ?? [];
    waiting.delete(exchanges);
    for (const wake of waiters) wake();
  };
  const proxy = await startProxy({ target, ...options, onExchange });
  return { proxy, exchanges };
}

/**
 * Waits until `n` exchanges are reported (the check ends after the caller got its answer): woken
 * by each report, no clock; the test's own timeout is the hang guard.
 */
async function settled(exchanges: ProxyExchange[], n: number): Promise<void> {
  while (exchanges.length < n) await new Promise<void>((resolve) => waiting.set(exchanges, [...(waiting.get(exchanges) ?? []), resolve]));
  expect(exchanges.length).toBe(n);
}

describe('the proxy in front of the mock', () => {
  let server: MockServer;
  let proxy: ProxyServer;
  let exchanges: ProxyExchange[];
  let record: string;
  /** The paths of the requests sent, in order. */
  const sentPaths: string[] = [];

  beforeAll(async () => {
    server = await mock();
    record = tempDir();
    ({ proxy, exchanges } = await proxyTo(server.url, { record }));
  });
  afterAll(() => proxy.close());

  it('returns every answer of the mock byte for byte, for every operation', async () => {
    const before = exchanges.length;
    const ops = allOperations.filter((op) => op.kind !== 'posts' || op.version === 2).slice(0, 40);
    for (const [i, op] of ops.entries()) {
      const request = validRequest(op, server.account, 100 + i);
      const body = request.body === undefined ? undefined : JSON.stringify(request.body);
      const direct = await rawCall(server.url, request.method, request.path, body);
      const proxied = await rawCall(proxy.url, request.method, request.path, body);
      sentPaths.push(request.path);
      expect(proxied.status, op.key).toBe(direct.status);
      expect(proxied.type, op.key).toBe(direct.type);
      expect(proxied.bytes.equals(direct.bytes), op.key).toBe(true);
    }
    await settled(exchanges, before + ops.length);
    const mine = exchanges.slice(before);
    expect(mine.filter((e) => e.item.kind !== 'response' || !e.item.valid).map((e) => exchangeLine(e))).toEqual([]);
  });

  it('gives the client the same answers as a direct call', async () => {
    const before = exchanges.length;
    const direct = createClient({ token: TOKEN, secret: SECRET, baseUrl: server.url });
    const through = createClient({ token: TOKEN, secret: SECRET, baseUrl: proxy.url });
    const op = allOperations.find((o) => o.key === 'POST /2/facebook/metrics')!;
    const request = validRequest(op, server.account, 7);
    expect(await through.send(request)).toEqual(await direct.send(request));
    const refused = { ...request, body: { ...request.body, date_end: '1999-01-01' } };
    const directError = await direct.send(refused).catch((e: unknown) => e);
    const proxiedError = await through.send(refused).catch((e: unknown) => e);
    sentPaths.push(request.path, refused.path);
    expect(JSON.stringify(proxiedError)).toBe(JSON.stringify(directError));
    await settled(exchanges, before + 2);
  });

  it('reports what is not an API path as skipped and passes it through', async () => {
    const before = exchanges.length;
    const direct = await rawCall(server.url, 'GET', '/favicon.ico');
    const proxied = await rawCall(proxy.url, 'GET', '/favicon.ico');
    expect(proxied.status).toBe(direct.status);
    expect(proxied.bytes.equals(direct.bytes)).toBe(true);
    await settled(exchanges, before + 1);
    expect(exchanges[before].item).toMatchObject({ kind: 'skipped', reason: 'not an API operation' });
    expect(exchangeLine(exchanges[before])).toBe('GET /favicon.ico 404 skipped: not an API operation');
  });

  it('records one capture per API exchange that validate judges the same', async () => {
    const files = readdirSync(record).sort();
    const report = proxy.report();
    expect(files).toHaveLength(report.summary.responses);
    // The report lists exchanges as their checks end; the recordings in time order.
    const bySource = (list: { method: string; path: string; status: number; valid: boolean }[]) => list.map((r) => `${r.method} ${r.path} ${r.status} ${r.valid}`).sort();
    // Named in time order: the listing is the order in which the requests were sent (one at a time).
    expect(files.map((f) => JSON.parse(readFileSync(join(record, f), 'utf8')).path)).toEqual(sentPaths.filter((p) => p !== '/favicon.ico'));
    expect(files.sort()).toEqual(exchanges.filter((e) => e.file).map((e) => e.file!.split('/').pop()).sort());
    for (const file of files) {
      const capture = JSON.parse(readFileSync(join(record, file), 'utf8'));
      expect(capture).toMatchObject({ redacted: true });
      expect(Object.keys(capture)).not.toContain('headers');
    }
    const judged = await buildReport({ paths: [record], cwd: record, strict: false, coverage: false, allowEmpty: false });
    const verdict = (r: { method: string; path: string; status: number; valid: boolean; errors: { rule: string | null }[] }) => `${r.method} ${r.path} ${r.status} ${r.valid} ${r.errors.map((e) => e.rule).join(',')}`;
    expect(judged.results.map(verdict).sort()).toEqual(report.results.map(verdict).sort());
    expect(bySource(judged.results)).toEqual(bySource(report.results));
    // The report holds each exchange's item as it was checked (valid ones are kept compactly until then).
    expect(report.items).toEqual(exchanges.map((e) => e.item));
    expect(report.items.some((i) => i.kind === 'response' && i.valid)).toBe(true);
  });

  it('serves many connections at once', async () => {
    const before = exchanges.length;
    const op = allOperations.find((o) => o.key === 'GET /2/facebook/profiles')!;
    const answers = await Promise.all(Array.from({ length: 60 }, () => rawCall(proxy.url, op.method, op.path)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    await settled(exchanges, before + 60);
  });
});

/** A metrics request of the mock account and the answer the mock gives it. */
async function mockAnswer(server: MockServer, key: string, seed: number) {
  const op = allOperations.find((o) => o.key === key)!;
  const request = validRequest(op, server.account, seed);
  const res = await fetch(server.url + request.path, { method: request.method, headers: { authorization: AUTH, 'content-type': 'application/json' }, body: request.body === undefined ? undefined : JSON.stringify(request.body) });
  return { request, answer: (await res.json()) as any };
}

describe('the proxy in front of a misbehaving upstream', () => {
  let server: MockServer;
  let upstream: HostileServer;
  let proxy: ProxyServer;
  let exchanges: ProxyExchange[];
  let record: string;
  /** What each planted path answers, and the request it answers. */
  const planted = new Map<string, { status: number; body: unknown }>();

  beforeAll(async () => {
    server = await mock();
    const metrics = await mockAnswer(server, 'POST /2/facebook/metrics', 3);
    // A metric of another network in the header.
    const otherMetric = structuredClone(metrics.answer);
    otherMetric.header[otherMetric.header.length - 1].rows = ['subscribers_gained'];
    planted.set('/2/facebook/metrics', { status: 200, body: otherMetric });
    const posts = await mockAnswer(server, 'POST /2/facebook/page/posts', 5);
    // A page longer than the limit the request asked for.
    const tooMany = structuredClone(posts.answer);
    const limit = posts.request.body.limit as number;
    const post = tooMany.data.posts[0] ?? { id: 'p' };
    tooMany.data.posts = Array.from({ length: limit + 2 }, (_, i) => ({ ...post, id: `${post.id}-${i}` }));
    planted.set('/2/facebook/page/posts', { status: 200, body: tooMany });
    // A success answer where the documents say the request is refused (code 4 for too many profiles).
    planted.set('/2/instagram/metrics', { status: 200, body: metrics.answer });
    upstream = await startServer({
      '/2/facebook/metrics': (_req, res) => json(res, 200, planted.get('/2/facebook/metrics')!.body),
      '/2/facebook/page/posts': (_req, res) => json(res, 200, planted.get('/2/facebook/page/posts')!.body),
      '/2/instagram/metrics': (_req, res) => json(res, 200, planted.get('/2/instagram/metrics')!.body),
      // Echoes the credentials everywhere: a header, the body (plain, Base64, in a path), a label.
      '/2/post/labels': (req, res) => {
        const basic = String(req.headers.authorization).replace(/^Basic /, '');
        json(res, 200, { success: true, data: [{ id: `${TOKEN}:${SECRET}`, name: basic, note: `see /x/${SECRET}/y and ${Buffer.from(SECRET).toString('base64')}` }] }, { 'x-echo': String(req.headers.authorization) });
      },
      '/2/profile/labels': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(gzipSync(JSON.stringify({ success: true, data: [] })));
      },
      // Cuts its answer off.
      '/2/twitter/profiles': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"success":true,"data":[');
        setTimeout(() => res.destroy(), 5);
      },
      // Never answers.
      '/2/youtube/profiles': () => undefined,
      // An answer longer than the proxy keeps for the check.
      '/2/linkedin/profiles': (_req, res) => json(res, 200, { success: true, data: [], pad: 'x'.repeat(50_000) }),
    });
    record = tempDir();
    // The default answer timeout (30 s) is a hang guard here: only the silent target's test wants one, from a proxy of its own.
    ({ proxy, exchanges } = await proxyTo(upstream.url, { record, maxBodyBytes: 20_000 }));
  });
  afterAll(async () => {
    await proxy.close();
    await upstream.close();
  });

  it('reports the planted invalid answers with the rules a direct check names', async () => {
    const cases = [
      { key: 'POST /2/facebook/metrics', seed: 3 },
      { key: 'POST /2/facebook/page/posts', seed: 5 },
    ].map(({ key, seed }) => ({ key, request: validRequest(allOperations.find((o) => o.key === key)!, server.account, seed) }));
    const refused = validRequest(allOperations.find((o) => o.key === 'POST /2/instagram/metrics')!, server.account, 9);
    refused.body.profiles = Array.from({ length: 30 }, (_, i) => `p${i}`);
    cases.push({ key: 'POST /2/instagram/metrics', request: refused });
    const before = exchanges.length;
    const client = createClient({ token: TOKEN, secret: SECRET, baseUrl: proxy.url, retry: false });
    for (const c of cases) {
      const answer = await client.send(c.request);
      expect(answer).toEqual(planted.get(c.request.path)!.body);
    }
    await settled(exchanges, before + cases.length);
    for (const c of cases) {
      const direct = validateResponse({ method: c.request.method, path: c.request.path, body: planted.get(c.request.path)!.body, request: c.request.body, status: 200 });
      expect(direct.valid, c.key).toBe(false);
      const seen = exchanges.slice(before).find((e) => e.path === c.request.path)!;
      const item = seen.item;
      expect(item.kind === 'response' && item.valid, c.key).toBe(false);
      const reported = item.kind === 'response' ? item.errors.map((e) => e.rule) : [];
      expect(reported, c.key).toEqual(direct.errors.map((e) => e.rule));
      expect(exchangeLine(seen), c.key).toContain(`(rule ${direct.errors[0].rule})`);
    }
  });

  it('records no credential: not in a file, not in a line; the caller still gets the echo byte for byte', async () => {
    const before = exchanges.length;
    const direct = await rawCall(upstream.url, 'POST', '/2/post/labels?key=' + SECRET, '{}');
    const proxied = await rawCall(proxy.url, 'POST', '/2/post/labels?key=' + SECRET, '{}');
    expect(proxied.bytes.equals(direct.bytes)).toBe(true);
    await settled(exchanges, before + 1);
    const line = exchangeLine(exchanges[before]);
    expect(line).toContain('/2/post/labels?key=[redacted]');
    const texts = [...readdirSync(record).map((f) => f + readFileSync(join(record, f), 'utf8')), ...exchanges.map((e) => exchangeLine(e) + JSON.stringify(e))];
    expect(texts.filter(holdsCredentialPiece(TOKEN, SECRET))).toEqual([]);
    const file = readFileSync(exchanges[before].file!, 'utf8');
    expect(file).toContain('[redacted]');
  });

  it('passes a compressed answer on as sent and checks it decoded', async () => {
    const before = exchanges.length;
    const proxied = await rawCall(proxy.url, 'POST', '/2/profile/labels', '{}', { 'accept-encoding': 'gzip' });
    expect(proxied.encoding).toBe('gzip');
    expect(proxied.bytes.equals(gzipSync(JSON.stringify({ success: true, data: [] })))).toBe(true);
    await settled(exchanges, before + 1);
    expect(exchanges[before].item).toMatchObject({ kind: 'response', valid: true });
  });

  it('answers 502 when the target cuts off before its headers, cuts off when it cuts off, 504 when it is silent', async () => {
    const before = exchanges.length;
    const cut = await rawCall(proxy.url, 'GET', '/2/twitter/profiles').catch((e: Error) => e);
    expect(cut).toBeInstanceOf(Error);
    await settled(exchanges, before + 1);
    // A target that never answers: a timeout however loaded the machine is, so a short one; its start-up probe has its own bound.
    const quick = await proxyTo(upstream.url, { timeoutMs: 300 });
    try {
      const silent = await rawCall(quick.proxy.url, 'GET', '/2/youtube/profiles');
      expect(silent.status).toBe(504);
      expect(silent.bytes.toString()).toMatch(/^social-analytics-api proxy: the target http:\/\/127\.0\.0\.1:\d+ sent no answer within 300 ms\n$/);
      await settled(quick.exchanges, 1);
    } finally {
      await quick.proxy.close();
    }
    expect([...exchanges.slice(before), ...quick.exchanges].map((e) => e.item)).toMatchObject([
      { kind: 'skipped', reason: 'no response' },
      { kind: 'skipped', reason: 'no response' },
    ]);
  });

  it('passes a body over its cap on whole, reported invalid and unchecked', async () => {
    const before = exchanges.length;
    const proxied = await rawCall(proxy.url, 'GET', '/2/linkedin/profiles');
    expect(proxied.bytes.length).toBeGreaterThan(50_000);
    await settled(exchanges, before + 1);
    expect(exchangeLine(exchanges[before])).toBe('GET /2/linkedin/profiles 200 invalid: not checked: its body is longer than 20000 bytes (decoded)');
  });

  it('answers 502 with a clear line when the target is down, and keeps serving', async () => {
    const down = await startServer({});
    const target = down.url;
    await down.close();
    const { proxy: lone, exchanges: seen } = await proxyTo(target, { checkTarget: false });
    try {
      const answer = await rawCall(lone.url, 'GET', '/2/facebook/profiles');
      expect(answer.status).toBe(502);
      expect(answer.bytes.toString()).toBe(`social-analytics-api proxy: no answer from the target ${target} (ECONNREFUSED)\n`);
      const again = await rawCall(lone.url, 'GET', '/2/facebook/profiles');
      expect(again.status).toBe(502);
      await settled(seen, 2);
      expect(exchangeLine(seen[0])).toBe(`GET /2/facebook/profiles 502 skipped: no response (no answer from the target ${target} (ECONNREFUSED))`);
    } finally {
      await lone.close();
    }
    await expect(startProxy({ target })).rejects.toThrow(`cannot reach the target ${target}: ECONNREFUSED`);
  });

  it('bounds its start-up check of the target by connectTimeoutMs, not by the answer timeout', async () => {
    const up = await startServer({});
    try {
      // An answer timeout of 1 ms once bounded the start-up connect too: a busy machine refused to start.
      const { proxy: started } = await proxyTo(up.url, { timeoutMs: 1 });
      await started.close();
      for (const bad of [0, -1, 1.5, 3_600_001]) {
        await expect(startProxy({ target: up.url, connectTimeoutMs: bad })).rejects.toThrow(`startProxy: "connectTimeoutMs" must be a whole number from 1 to 3600000, got ${bad}`);
      }
    } finally {
      await up.close();
    }
  });
});

describe('the proxy and slow callers', () => {
  it('closes a connection whose headers or body do not arrive in time, as the mock does, and serves others meanwhile', { timeout: 120_000 }, async () => {
    const server = await mock();
    // Short enough for the slow callers to be cut within the hang guard, and a hang guard itself for
    // the served caller's request (written whole at once), read in time however busy the machine is
    // (100 ms gave it a 408 on a loaded machine, 3 s is a race a stalled process can lose).
    const { proxy, exchanges } = await proxyTo(server.url, { headersTimeoutMs: 10_000, bodyTimeoutMs: 10_000 });
    const { connect } = await import('node:net');
    const closed = (first: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(proxy.port, '127.0.0.1', () => socket.write(first));
        let got = '';
        socket.on('data', (c: Buffer) => (got += c.toString()));
        socket.on('close', () => resolve(got));
        socket.on('error', () => resolve(got));
        setTimeout(() => reject(new Error('not closed: hang guard')), 60_000).unref();
      });
    try {
      const [slowHeaders, slowBody, served] = await Promise.all([
        closed('GET /2/facebook/profiles HTTP/1.1\r\nHost: x\r\n'),
        closed(`POST /2/post/labels HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`),
        rawCall(proxy.url, 'GET', '/2/facebook/profiles'),
      ]);
      expect(slowHeaders).not.toContain('200 OK');
      expect(slowBody).not.toContain('200 OK');
      expect(served.status).toBe(200);
    } finally {
      await proxy.close();
    }
    expect(exchanges.filter((e) => e.item.kind === 'response' && e.item.valid)).toHaveLength(1);
  });
});

describe('the proxy and a hostile target', () => {
  it('answers 502 to a target that speaks no HTTP, and cuts an endless body off at its timeout without keeping it', async () => {
    const { createServer } = await import('node:net');
    const garbage = createServer((socket) => socket.end('HELLO THERE\r\n\r\n'));
    await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
    const garbageUrl = `http://127.0.0.1:${(garbage.address() as { port: number }).port}`;
    const endless = await startServer({
      '/2/facebook/profiles': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"success":true,"profiles":[');
        const timer = setInterval(() => res.write(`"${'x'.repeat(16_000)}",`), 1);
        res.on('close', () => clearInterval(timer));
      },
    });
    const first = await proxyTo(garbageUrl);
    const second = await proxyTo(endless.url, { timeoutMs: 300, maxBodyBytes: 10_000 });
    try {
      const answer = await rawCall(first.proxy.url, 'GET', '/2/facebook/profiles');
      expect(answer.status).toBe(502);
      expect(answer.bytes.toString()).toMatch(/^social-analytics-api proxy: the target http:\/\/127\.0\.0\.1:\d+ answered with what HTTP does not allow: what it sent is not HTTP \(HPE_[A-Z_]+: [^\n]+\)\n$/);
      await settled(first.exchanges, 1);
      expect(first.proxy.report().summary).toMatchObject({ invalid: 1, exitCode: 1 });
      const cut = await rawCall(second.proxy.url, 'GET', '/2/facebook/profiles').catch((e: Error) => e);
      expect(cut).toBeInstanceOf(Error);
      await settled(second.exchanges, 1);
      expect(exchangeLine(second.exchanges[0])).toBe("GET /2/facebook/profiles 200 skipped: no response (the target's answer took longer than 300 ms: cut off)");
    } finally {
      await first.proxy.close();
      await second.proxy.close();
      await endless.close();
      garbage.close();
    }
  });
});
