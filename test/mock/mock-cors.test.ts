/**
 * CORS on the mock: a web app served from another origin (its dev server) calls the mock from a
 * browser. On by default (as Prism does); `cors: false` / `--no-cors` turns it off.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMockArgs } from '../../src/cli/mock.js';
import { authorizationHeader } from '../../src/client/auth.js';
import { launch } from '../cli-validate/browser/record.js';
import { BROWSER_HANG_GUARD_MS, hangGuardOnly } from '../site/browser.js';
import { mock, SECRET, TOKEN } from '../client/support/server.js';

const auth = authorizationHeader(TOKEN, SECRET);
const PREFLIGHT = { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' };

describe('mock CORS headers', () => {
  it('answers a preflight without credentials: 204 with the allowed origin, methods and headers', async () => {
    const server = await mock();
    const res = await fetch(`${server.url}/2/facebook/metrics`, { method: 'OPTIONS', headers: PREFLIGHT });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, Prefer');
    expect(server.log.at(-1)).toMatchObject({ method: 'OPTIONS', status: 204 });
  });

  it('puts Access-Control-Allow-Origin on every answer: data, failures, 401, 404, 405', async () => {
    const server = await mock();
    const headers = { authorization: auth, 'content-type': 'application/json', origin: 'http://127.0.0.1:5173' };
    const answers = [
      await fetch(`${server.url}/2/post/labels`, { method: 'POST', headers, body: '{}' }),
      await fetch(`${server.url}/2/facebook/metrics`, { method: 'POST', headers, body: '{"profiles":[]}' }),
      await fetch(`${server.url}/2/post/labels`, { method: 'POST', headers: { origin: headers.origin }, body: '{}' }),
      await fetch(`${server.url}/2/nowhere`, { method: 'POST', headers, body: '{}' }),
      await fetch(`${server.url}/2/post/labels`, { method: 'GET', headers }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 401, 404, 405]);
    for (const r of answers) expect(r.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('with cors: false sends no CORS header and a preflight gets 401 like any request without credentials', async () => {
    const server = await mock({ cors: false });
    const preflight = await fetch(`${server.url}/2/facebook/metrics`, { method: 'OPTIONS', headers: PREFLIGHT });
    expect(preflight.status).toBe(401);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const data = await fetch(`${server.url}/2/post/labels`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: '{}' });
    expect(data.status).toBe(200);
    expect(data.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('--no-cors on the command line turns it off; CORS is on without it', () => {
    expect(parseMockArgs(['--no-cors']).cors).toBe(false);
    expect(parseMockArgs([]).cors).toBeUndefined();
  });
});

/** A web app's dev server: one page whose script calls `api` with fetch and writes the outcome in its title. */
async function startDevServer(api: string): Promise<{ url: string; server: Server }> {
  const script = `fetch(${JSON.stringify(`${api}/2/facebook/metrics`)}, {
  method: 'POST',
  headers: { Authorization: ${JSON.stringify(auth)}, 'Content-Type': 'application/json' },
  body: JSON.stringify({ profiles: ['164929110001'], metrics: ['fans_change'], date_start: '2025-01-01', date_end: '2025-01-07', dimensions: [{ type: 'date.day' }] }),
}).then((r) => r.json()).then((b) => { document.title = 'rows ' + b.header[0].rows.length; }, (e) => { document.title = 'failed ' + e; });`;
  const server = createServer((req, res) => {
    if (req.url === '/') res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><title>waiting</title><script>${script}</script>`);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

describe('a page on another origin calls the mock from headless Chromium', { timeout: 3 * BROWSER_HANG_GUARD_MS }, () => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function visit(cors: boolean): Promise<{ title: string; methods: string[] }> {
    const api = await mock({ cors });
    const dev = await startDevServer(api.url);
    const context = hangGuardOnly(await browser!.newContext());
    try {
      const page = await context.newPage();
      await page.goto(dev.url);
      await page.waitForFunction(() => document.title !== 'waiting');
      return { title: await page.title(), methods: api.log.map((e) => `${e.method} ${e.status}`) };
    } finally {
      await context.close();
      dev.server.closeAllConnections();
      await new Promise((r) => dev.server.close(r));
    }
  }

  it('succeeds with CORS on (the default), preflight included', async () => {
    const { title, methods } = await visit(true);
    expect(title).toBe('rows 7');
    expect(methods).toEqual(['OPTIONS 204', 'POST 200']);
  });

  it('fails with CORS off', async () => {
    const { title, methods } = await visit(false);
    expect(title).toMatch(/^failed TypeError/);
    expect(methods).toEqual(['OPTIONS 401']);
  });
});
