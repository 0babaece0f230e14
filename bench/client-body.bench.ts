/**
 * The client against answers without end (`maxBodyBytes`): a body streamed without end and a
 * gzip bomb (zeros compressed about 1000:1, without end), each read by one client call in a fresh
 * process (bench/client-body-child.ts) with the default cap. The figure is the growth of the
 * process's peak resident memory over the call; the target is a small multiple of the cap.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { DEFAULT_MAX_BODY_BYTES } from '../src/client/index.js';
import type { BenchRow } from './types.js';

const here = dirname(fileURLToPath(import.meta.url));
const MiB = 1024 * 1024;
/** Peak memory growth allowed: a small multiple of the cap. */
const TARGET = 4 * DEFAULT_MAX_BODY_BYTES;

/** A server whose answers never end: `/endless` plain, `/gzip-bomb` compressed; writes stop when the client goes. */
function endlessServer(): Promise<Server> {
  const chunk = Buffer.alloc(256 * 1024, '0');
  const server = createServer((req, res) => {
    const bomb = req.url === '/2/gzip-bomb';
    res.writeHead(200, { 'content-type': 'application/json', ...(bomb ? { 'content-encoding': 'gzip' } : {}) });
    const out = bomb ? createGzip() : res;
    if (bomb) out.pipe(res);
    let open = true;
    res.on('close', () => {
      open = false;
      if (bomb) out.destroy();
    });
    out.write('{"success":true,"data":"');
    const more = () => {
      while (open) if (!out.write(chunk)) return void out.once('drain', more);
    };
    more();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Runs the child for `path` (asynchronously, so that this process keeps serving). */
function measure(url: string, path: string, clientDir = join(here, '../src/client'), options = {}): Promise<{ outcome: string; before: number; peak: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'client-body-child.ts'), url, path, clientDir, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`client-body-child exited with ${code}`))));
  });
}

export async function run(): Promise<BenchRow[]> {
  const server = await endlessServer();
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const rows: BenchRow[] = [];
    for (const [path, label] of [['/2/endless', 'a body streamed without end'], ['/2/gzip-bomb', 'a gzip bomb without end']]) {
      const { outcome, before, peak } = await measure(url, path);
      const growth = peak - before;
      rows.push({
        name: `client: peak RSS growth reading ${label} (default maxBodyBytes ${DEFAULT_MAX_BODY_BYTES / MiB} MiB; ends with kind ${outcome})`,
        value: `+${(growth / MiB).toFixed(0)} MB`,
        target: `< ${TARGET / MiB} MB (4x the cap)`,
        ok: outcome === 'too-large' && growth < TARGET,
      });
    }
    return rows;
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

/** By hand: `npx tsx bench/client-body.bench.ts [clientDir] [options JSON]` measures another client (e.g. an older copy). */
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await endlessServer();
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const path of ['/2/endless', '/2/gzip-bomb']) {
    const { outcome, before, peak } = await measure(url, path, process.argv[2] ?? join(here, '../src/client'), JSON.parse(process.argv[3] ?? '{}'));
    console.log(`${path}: ${outcome}, peak RSS +${((peak - before) / MiB).toFixed(0)} MB`);
  }
  server.closeAllConnections();
  server.close();
}
