/**
 * The site a headless browser visits while HAR writers record: a page with assets, served by a
 * front server that forwards API paths to the mock (with ETag revalidation, a slow path to abort,
 * and optionally a "proxy" that shifts the dates of one answer by a day), plus a second origin
 * with CORS so the page's cross-origin POST is preceded by a preflight.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMockServer, type MockServer } from '../../../src/mock/index.js';

export interface Site {
  url: string;
  close(): Promise<void>;
}

const AUTH = `Basic ${Buffer.from('mock-token:mock-secret').toString('base64')}`;

const page = (cross: string, refused: string) => `<!doctype html>
<html><head><link rel="stylesheet" href="/style.css"><title>captures</title></head>
<body><p>dashboard</p><script src="/app.js"></script><script>
run(${JSON.stringify(cross)}, ${JSON.stringify(refused)}, ${JSON.stringify(AUTH)}).then(() => { document.title = 'done'; }, (e) => { document.title = 'failed ' + e; });
</script></body></html>`;

const APP = `async function run(cross, refused, auth) {
  const headers = { Authorization: auth, 'Content-Type': 'application/json' };
  const first = await fetch('/2/facebook/profiles', { headers, cache: 'no-store' });
  const etag = first.headers.get('ETag');
  const profile = (await first.json()).profiles[0].id;
  const again = await fetch('/2/facebook/profiles', { headers: { ...headers, 'If-None-Match': etag }, cache: 'no-store' });
  if (again.status !== 304) throw new Error('expected 304, got ' + again.status);
  const range = { date_start: '2026-01-01', date_end: '2026-01-03', profiles: [profile] };
  await (await fetch(cross + '/2/facebook/metrics', { method: 'POST', headers, body: JSON.stringify({ ...range, metrics: ['fans_change'], dimensions: [{ type: 'date.day' }] }) })).json();
  await (await fetch('/1/facebook/metrics', { method: 'POST', headers, body: JSON.stringify({ ...range, metrics: ['fans_change', 'fans_lifetime'] }) })).json();
  const early = new AbortController();
  setTimeout(() => early.abort(), 300);
  await fetch('/2/youtube/profiles?slow=headers', { headers, signal: early.signal }).catch(() => 'aborted before the headers');
  const late = new AbortController();
  const cut = await fetch('/2/youtube/profiles?slow=body', { headers, signal: late.signal });
  late.abort();
  await cut.text().catch(() => 'aborted after the headers');
  await fetch(refused + '/2/twitter/profiles', { headers }).catch(() => 'refused');
}`;

function forward(mock: MockServer, req: IncomingMessage, body: Buffer): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const out = httpRequest(`${mock.url}${req.url}`, { method: req.method, headers: { authorization: req.headers.authorization ?? '', 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: { 'Content-Type': String(res.headers['content-type']) }, body: Buffer.concat(chunks) }));
    });
    out.on('error', reject);
    out.end(body);
  });
}

/** The "proxy" fault: every date row of a v2 metrics answer one day later. */
function shiftDates(body: Buffer): Buffer {
  const doc = JSON.parse(body.toString('utf8'));
  for (const h of doc.header ?? []) if (h.type === 'date.day') h.rows = h.rows.map((d: string) => new Date(Date.parse(d) + 86_400_000).toISOString().slice(0, 10));
  return Buffer.from(JSON.stringify(doc));
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** Starts the mock, the front server and the cross-origin server. `wrong`: shift the dates of the v2 metrics answer. */
export async function startSite(options: { wrong?: boolean } = {}): Promise<Site> {
  const mock = await startMockServer();
  let crossOrigin = '';
  let origin = '';
  let refused = '';
  const handler = (cors: boolean) => async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = (req.url ?? '/').split('?')[0];
    const corsHeaders: Record<string, string> = cors ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Headers': 'authorization, content-type', 'Access-Control-Allow-Methods': 'GET, POST' } : {};
    if (req.method === 'OPTIONS') return res.writeHead(204, corsHeaders).end();
    if (path === '/') return res.writeHead(200, { 'Content-Type': 'text/html' }).end(page(crossOrigin, refused));
    if (path === '/app.js') return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(APP);
    if (path === '/style.css') return res.writeHead(200, { 'Content-Type': 'text/css' }).end('body { font-family: sans-serif; }');
    if (!/^\/[12]\//.test(path)) return res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    // The slow paths never end on their own (no server timer to race the page's abort on a busy
    // machine): the page aborts, or close() ends the connection.
    if (req.url?.includes('slow=headers')) return;
    if (req.url?.includes('slow=body')) {
      // Headers now, the body never: the page aborts while it waits (a response that was cut off).
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', ...corsHeaders }).flushHeaders();
      return;
    }
    const answer = await forward(mock, req, Buffer.concat(chunks));
    let body = answer.body;
    if (options.wrong && path === '/2/facebook/metrics') body = shiftDates(body);
    const etag = `"${body.length.toString(16)}"`;
    if (req.method === 'GET' && req.headers['if-none-match'] === etag) return res.writeHead(304, { ETag: etag, ...corsHeaders }).end();
    res.writeHead(answer.status, { ...answer.headers, ETag: etag, 'Content-Length': body.length, 'Access-Control-Expose-Headers': 'ETag', ...corsHeaders }).end(body);
  };
  const front = createServer((req, res) => void handler(false)(req, res).catch(() => res.destroy()));
  const cross = createServer((req, res) => void handler(true)(req, res).catch(() => res.destroy()));
  const closed = createServer();
  origin = `http://127.0.0.1:${await listen(front)}`;
  crossOrigin = `http://127.0.0.1:${await listen(cross)}`;
  refused = `http://127.0.0.1:${await listen(closed)}`;
  await new Promise((r) => closed.close(r));
  return {
    url: `${origin}/`,
    async close() {
      front.closeAllConnections();
      cross.closeAllConnections();
      await Promise.all([new Promise((r) => front.close(r)), new Promise((r) => cross.close(r)), mock.close()]);
    },
  };
}
