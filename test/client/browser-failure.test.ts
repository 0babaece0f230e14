/**
 * A browser rejects fetch with a bare TypeError ("Failed to fetch", "Load failed", "NetworkError
 * when attempting to fetch resource.") for a request refused by CORS and for a network failure
 * alike, and says why only in its console. The error says that it may be either, and the call
 * is retried no more than a network failure with a known cause (Node's "fetch failed"). Also in
 * headless Chromium: a page on another origin calls the mock server with CORS off.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { launch } from '../cli-validate/browser/record.js';
import { BROWSER_HANG_GUARD_MS, hangGuardOnly } from '../site/browser.js';
import { PROJECT_ROOT } from '../pipeline/temp-project.js';
import { rejection } from './support/hostile.js';
import { mock, SECRET, TOKEN } from './support/server.js';

/** A client whose fetch always rejects with `failure()`; it counts the calls and the retry waits. */
function failingClient(failure: () => Error) {
  const counted = { calls: 0, sleeps: 0 };
  const client = createClient({
    token: 'token-1',
    secret: 'secret-1',
    baseUrl: 'https://api.example.test',
    retry: { retries: 3, baseDelayMs: 1000 },
    clock: { now: () => 0, sleep: async () => void counted.sleeps++ },
    fetch: async () => {
      counted.calls++;
      throw failure();
    },
  });
  return { client, counted };
}

const get = { method: 'GET' as const, path: '/2/facebook/profiles' };

describe('a fetch that fails without a reason', () => {
  it.each(['Failed to fetch', 'Load failed', 'NetworkError when attempting to fetch resource.'])('"%s": kind network, and the message names CORS and the network', async (text) => {
    const { client } = failingClient(() => new TypeError(text));
    const error = await rejection(client.send(get));
    expect(error.kind).toBe('network');
    expect(error.message).toContain(`(${text}); fetch gave no reason: in a browser this is how a request refused by CORS`);
    expect(error.message).toContain('network failure');
  });

  it('is retried as often as a network failure with a known cause, and no more', async () => {
    const bare = failingClient(() => new TypeError('Failed to fetch'));
    await rejection(bare.client.send(get));
    const known = failingClient(() => new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }) }));
    const error = await rejection(known.client.send(get));
    expect(bare.counted).toEqual(known.counted);
    expect(bare.counted).toEqual({ calls: 4, sleeps: 3 });
    expect(error.message).not.toContain('CORS');
  });
});

/** The client bundled for the browser, as a web app gets it. */
async function clientBundle(): Promise<string> {
  const result = await build({
    absWorkingDir: PROJECT_ROOT,
    stdin: { contents: "export { createClient } from './src/index.ts';", resolveDir: PROJECT_ROOT, sourcefile: 'app.ts', loader: 'ts' },
    bundle: true,
    format: 'iife',
    globalName: 'sa',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** A web app's dev server: one page whose script sends one request with the client and writes the error's kind and message in its title. */
async function startDevServer(api: string, bundle: string): Promise<{ url: string; server: Server }> {
  const script = `${bundle}
const client = sa.createClient({ token: ${JSON.stringify(TOKEN)}, secret: ${JSON.stringify(SECRET)}, baseUrl: ${JSON.stringify(api)}, retry: { retries: 1, baseDelayMs: 1 } });
client.send({ method: 'POST', path: '/2/post/labels', body: {} }).then(() => { document.title = 'ok'; }, (e) => { document.title = e.name + ' ' + e.kind + ': ' + e.message; });`;
  const server = createServer((req, res) => {
    if (req.url === '/') res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>waiting</title><script src="/app.js"></script>');
    else if (req.url === '/app.js') res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

describe('in headless Chromium, a page on another origin calls an API without CORS', () => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the error names CORS, after the retries a network failure gets', { timeout: 3 * BROWSER_HANG_GUARD_MS }, async () => {
    const api = await mock({ cors: false });
    const dev = await startDevServer(api.url, await clientBundle());
    const context = hangGuardOnly(await browser!.newContext());
    try {
      const page = await context.newPage();
      await page.goto(dev.url);
      await page.waitForFunction(() => document.title !== 'waiting');
      const title = await page.title();
      expect(title).toMatch(/^ApiError network: POST \/2\/post\/labels failed: no answer from the server \(Failed to fetch\); fetch gave no reason: in a browser this is how a request refused by CORS/);
      // One attempt and one retry, each refused at the preflight.
      expect(api.log.map((e) => `${e.method} ${e.status}`)).toEqual(['OPTIONS 401', 'OPTIONS 401']);
    } finally {
      await context.close();
      dev.server.closeAllConnections();
      await new Promise((r) => dev.server.close(r));
    }
  });
});
