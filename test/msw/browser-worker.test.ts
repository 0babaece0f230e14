/**
 * msw's service worker in headless Chromium (Debian's /usr/bin/chromium through playwright-core,
 * a new empty profile): a page that loads the package bundled for the browser (the client, the
 * builders and `createHandlers`, with msw/browser) gets, with the network off, the same answers
 * as the mock server in Node gives to the same requests and seed, byte for byte; and no request
 * to the API leaves the page (the API's host does not even resolve).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import fc from 'fast-check';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyValidRequest } from '../../src/arbitraries/index.js';
import { authorizationHeader } from '../../src/client/auth.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { PROJECT_ROOT } from '../pipeline/temp-project.js';
import { BROWSER_HANG_GUARD_MS, hangGuardOnly } from '../site/browser.js';

const API = 'https://api.example.test';
const TOKEN = 'browser-token';
const SECRET = 'browser-secret';
const SEED = 8;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The package's modules bundled for the browser, as a web app's bundler makes them: one IIFE of global `sa`. */
async function appBundle(): Promise<string> {
  const contents = `export { createClient } from './src/index.ts';
export { v2 } from './src/v2.ts';
export { createHandlers } from './src/msw/index.ts';
export { setupWorker } from 'msw/browser';`;
  const result = await build({ absWorkingDir: PROJECT_ROOT, stdin: { contents, resolveDir: PROJECT_ROOT, sourcefile: 'app.ts', loader: 'ts' }, bundle: true, format: 'iife', globalName: 'sa', platform: 'browser', write: false, logLevel: 'silent' });
  return result.outputFiles[0].text;
}

/** The page starts the worker with the handlers, then writes "ready" (or the failure) into its title. */
const PAGE = `<!doctype html><title>waiting</title><script src="/app.js"></script><script>
const handlers = sa.createHandlers({ baseUrl: ${JSON.stringify(API)}, token: ${JSON.stringify(TOKEN)}, secret: ${JSON.stringify(SECRET)}, seed: ${SEED} });
window.worker = sa.setupWorker(...handlers);
window.worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'error', quiet: true })
  .then(() => { document.title = 'ready'; }, (e) => { document.title = 'failed: ' + e.message; });
</script>`;

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

let site: Server;
let origin: string;
let mock: MockServer;
let context: BrowserContext;
let page: Page;
let profile: string;
const leaving: string[] = [];
/** For each answer the page got from the API's URL: whether the service worker gave it. */
const served: boolean[] = [];

beforeAll(async () => {
  const bundle = await appBundle();
  const worker = readFileSync(join(PROJECT_ROOT, 'node_modules/msw/lib/mockServiceWorker.js'));
  site = createServer((req, res) => {
    if (req.url === '/') res.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE);
    else if (req.url === '/app.js') res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(bundle);
    else if (req.url === '/mockServiceWorker.js') res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(worker);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  mock = await startMockServer({ token: TOKEN, secret: SECRET, seed: SEED });
  profile = mkdtempSync(join(tmpdir(), 'sa-chromium-profile-'));
  context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  // Whatever reaches the network layer for another origin is recorded and refused.
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      leaving.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  hangGuardOnly(context);
  page = context.pages()[0] ?? (await context.newPage());
  page.on('response', (response) => {
    if (response.url().startsWith(`${API}/`)) served.push(response.fromServiceWorker());
  });
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => document.title !== 'waiting');
  expect(await page.title()).toBe('ready');
  await context.setOffline(true);
}, 5 * BROWSER_HANG_GUARD_MS);

afterAll(async () => {
  await context?.close();
  await mock?.close();
  await new Promise((resolve) => site?.close(resolve));
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** What the page's fetch gets for each request: status, the mock's headers, body text. */
function inPage(requests: Sent[]) {
  return page.evaluate(
    async ({ api, requests }) => {
      const out = [];
      for (const r of requests) {
        const response = await fetch(api + r.path, { method: r.method, headers: r.headers, body: r.body });
        out.push({ status: response.status, type: response.headers.get('content-type'), length: response.headers.get('content-length'), body: await response.text() });
      }
      return out;
    },
    { api: API, requests },
  );
}

async function fromMock(requests: Sent[]) {
  const out = [];
  for (const r of requests) {
    const response = await fetch(mock.url + r.path, { method: r.method, headers: r.headers, body: r.body });
    out.push({ status: response.status, type: response.headers.get('content-type'), length: response.headers.get('content-length'), body: await response.text() });
  }
  return out;
}

const headers = { authorization: authorizationHeader(TOKEN, SECRET), 'content-type': 'application/json; charset=utf-8' };

describe('msw service worker in Chromium', () => {
  it('answers a page with the network off as the mock server answers the same requests, and nothing leaves the page', async () => {
    const valid = fc.sample(anyValidRequest(), { numRuns: 40, seed: 3 }).map((r): Sent => ({ method: r.method, path: r.path, headers, body: r.body === undefined ? undefined : JSON.stringify(r.body) }));
    const broken: Sent[] = [
      { method: 'POST', path: '/2/post/labels', headers: { 'content-type': 'application/json' }, body: '{}' },
      { method: 'POST', path: '/2/nowhere/metrics', headers, body: '{}' },
      { method: 'GET', path: '/2/facebook/metrics', headers },
      { method: 'POST', path: '/2/facebook/metrics', headers, body: '{"profiles":' },
      { method: 'POST', path: '/2/facebook/metrics', headers, body: JSON.stringify({ date_start: '2025-01-01', date_end: '2025-09-01', profiles: ['1'], metrics: ['fans_lifetime'] }) },
      { method: 'POST', path: '/2/facebook/metrics', headers: { ...headers, prefer: 'error=4' }, body: '{}' },
    ];
    const requests = [...valid, ...broken];
    const [page, node] = [await inPage(requests), await fromMock(requests)];
    expect(page).toEqual(node);
    expect(served).toEqual(requests.map(() => true));
    expect(page.filter((a) => a.status === 200 && a.body.startsWith('{"success":true')).length).toBeGreaterThan(30);
    expect(leaving).toEqual([]);
  });

  it('the client bundled for the browser gets typed answers through the worker', async () => {
    const title = await page.evaluate(async ({ api, token, secret }) => {
      const sa = (window as unknown as { sa: any }).sa;
      const client = sa.createClient({ token, secret, baseUrl: api, retry: { retries: 0 } });
      const labels = await client.send(sa.v2.postLabels());
      const profiles = await client.send(sa.v2.twitter.profiles());
      return `${labels.data.length} labels, ${profiles.profiles.length} profiles`;
    }, { api: API, token: TOKEN, secret: SECRET });
    const node = await fromMock([{ method: 'POST', path: '/2/post/labels', headers, body: '{}' }, { method: 'GET', path: '/2/twitter/profiles', headers }]);
    expect(title).toBe(`${JSON.parse(node[0].body).data.length} labels, ${JSON.parse(node[1].body).profiles.length} profiles`);
    expect(leaving).toEqual([]);
  });
});
