/**
 * A graceful stop: once told to stop, the proxy accepts no new connection, lets the exchanges
 * under way finish, then closes; those still under way at the drain deadline are cut and
 * reported invalid, cut by the proxy (not by the target), and the exit code says so. The sequence
 * is driven by a target that answers only when the test says: no test waits on a clock, the
 * deadlines are either far (hang guards) or reached whatever the machine's speed (a target that
 * never answers).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exchangeLine, runProxy } from '../../src/cli/proxy.js';
import { startProxy, type ProxyExchange } from '../../src/proxy/index.js';
import { json, startServer } from '../client/support/hostile.js';

const dir = mkdtempSync(join(tmpdir(), 'proxy-stop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PROFILES = { success: true, profiles: [] };

/** A target that holds every answer until `release()`; `held(n)` resolves once n requests wait. */
async function holdingTarget() {
  const waiting: ServerResponse[] = [];
  let arrived = 0;
  let wake: (() => void) | undefined;
  const server = await startServer({
    '/2/facebook/profiles': (_req, res) => {
      waiting.push(res);
      arrived++;
      wake?.();
    },
  });
  return {
    ...server,
    /** Resolves once `n` requests in all have arrived. */
    async held(n: number) {
      while (arrived < n) await new Promise<void>((resolve) => (wake = resolve));
    },
    release: () => {
      for (const res of waiting.splice(0)) json(res, 200, PROFILES);
    },
    /** Sends the head of every held answer and half its body, never the rest. */
    startAnswers: () => {
      for (const res of waiting.splice(0)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"success":true,');
      }
    },
  };
}

function get(base: string, path = '/2/facebook/profiles') {
  const url = new URL(path, base);
  return new Promise<{ status: number; body: string } | Error>((resolve) => {
    const req = httpRequest({ hostname: url.hostname, port: url.port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', resolve);
    });
    req.on('error', resolve);
    req.end();
  });
}

/** Whether a new TCP connection to `port` is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (e) => resolve((e as { code?: string }).code === 'ECONNREFUSED'));
  });

describe('stopping the proxy', () => {
  it('lets the exchanges under way finish, accepting no new connection meanwhile', async () => {
    const target = await holdingTarget();
    const exchanges: ProxyExchange[] = [];
    const proxy = await startProxy({ target: target.url, drainTimeoutMs: 600_000, onExchange: (e) => exchanges.push(e) });
    try {
      const calls = [get(proxy.url), get(proxy.url), get(proxy.url)];
      await target.held(3);
      const closed = proxy.close();
      expect(await refused(proxy.port)).toBe(true);
      target.release();
      expect(await Promise.all(calls)).toEqual(Array(3).fill({ status: 200, body: JSON.stringify(PROFILES) }));
      await closed;
      expect(exchanges.map(exchangeLine)).toEqual(Array(3).fill('GET /2/facebook/profiles 200 ok'));
      expect(proxy.report().summary).toMatchObject({ responses: 3, valid: 3, exitCode: 0 });
    } finally {
      await proxy.close(0);
      await target.close();
    }
  });

  it('cuts what is still under way at the drain deadline, reported as cut by the proxy', async () => {
    const target = await holdingTarget();
    const exchanges: ProxyExchange[] = [];
    const proxy = await startProxy({ target: target.url, drainTimeoutMs: 600_000, onExchange: (e) => exchanges.push(e) });
    try {
      const waiting = get(proxy.url);
      const started = get(proxy.url);
      await target.held(2);
      target.startAnswers();
      const noAnswer = get(proxy.url);
      await target.held(3);
      // The first two got their heads and half their bodies; the third nothing.
      const closed = proxy.close();
      await proxy.close(1);
      await closed;
      const [first, second, third] = await Promise.all([waiting, started, noAnswer]);
      expect([first, second].map((e) => (e as Error).message)).toEqual(['aborted', 'aborted']);
      expect(third).toEqual({ status: 503, body: 'social-analytics-api proxy: the proxy is stopping: its drain deadline passed before the target answered\n' });
      const cut = 'invalid: cut by the proxy: it was stopping and its drain deadline passed before the answer was complete';
      expect(exchanges.map(exchangeLine).sort()).toEqual([`GET /2/facebook/profiles 200 ${cut}`, `GET /2/facebook/profiles 200 ${cut}`, `GET /2/facebook/profiles 503 ${cut}`]);
      expect(proxy.report().summary).toMatchObject({ responses: 3, invalid: 3, exitCode: 1 });
    } finally {
      await target.close();
    }
  });

  it('the command exits 1 when the drain deadline cut an exchange', async () => {
    const target = await holdingTarget();
    let stop!: () => void;
    const lines: string[] = [];
    const run = runProxy(['--target', target.url, '--port', '0', '--drain-timeout', '0', '--reporter', 'json'], {
      out: (t) => lines.push(t),
      err: (t) => lines.push(t),
      env: {},
      stopped: new Promise<void>((resolve) => (stop = resolve)),
      started: async (proxy) => {
        void get(proxy.url);
        await target.held(1);
        stop();
      },
    });
    try {
      expect(await run).toBe(1);
      expect(lines).toContain('proxy stopping: no new connections; the exchanges under way get 0 ms to finish');
      expect(JSON.parse(lines.at(-1)!).summary).toMatchObject({ invalid: 1, exitCode: 1 });
    } finally {
      await target.close();
    }
  });

  it('on SIGTERM the process finishes the exchange under way, records it, writes the report and exits 0', async () => {
    const target = await holdingTarget();
    const record = join(dir, 'captures');
    const reportFile = join(dir, 'report.json');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'proxy', '--target', target.url, '--port', '0', '--record', record, '--json', '-o', reportFile], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const printed = (pattern: RegExp) =>
      new Promise<RegExpExecArray>((resolve, reject) => {
        const look = () => {
          const m = pattern.exec(out);
          if (m) resolve(m);
          return m;
        };
        if (look()) return;
        child.stdout.on('data', look);
        void exit.then(() => reject(new Error(`exited before printing ${pattern}: ${out}`)));
      });
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    try {
      const url = (await printed(/listening on (http:\/\/127\.0\.0\.1:\d+)/))[1];
      const call = get(url);
      await target.held(1);
      child.kill('SIGTERM');
      await printed(/^proxy stopping: /m);
      target.release();
      expect(await call).toEqual({ status: 200, body: JSON.stringify(PROFILES) });
      expect(await exit).toBe(0);
    } finally {
      child.kill('SIGKILL');
      await target.close();
    }
    expect(out).toMatch(/^GET \/2\/facebook\/profiles 200 ok$/m);
    expect(JSON.parse(readFileSync(reportFile, 'utf8')).summary).toMatchObject({ responses: 1, valid: 1, exitCode: 0 });
    expect(readdirSync(record)).toHaveLength(1);
  }, 60_000);
});
