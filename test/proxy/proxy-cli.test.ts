/**
 * `social-analytics-api proxy` as a process: prints where it listens, one line per exchange, and
 * on SIGTERM writes its reporters and exits 1 when an exchange was invalid (0 when none was);
 * no line, report or recorded file holds a credential. Usage errors and an unreachable target
 * exit 2.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseProxyArgs, runProxy } from '../../src/cli/proxy.js';
import { runValidate } from '../../src/cli/validate.js';
import { createClient } from '../../src/client/index.js';
import { json, startServer } from '../client/support/hostile.js';
import { allOperations, validRequest } from '../client/support/requests.js';
import { mock, SECRET, TOKEN } from '../client/support/server.js';
import { holdsCredentialPiece } from './support/credentials.js';

const dir = mkdtempSync(join(tmpdir(), 'proxy-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function startCli(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'proxy', ...args], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]);
    });
    void exit.then((code) => reject(new Error(`exited early with ${code}: ${out}${err}`)));
  });
  return { child, url, exit, output: () => ({ out, err }) };
}

describe('the proxy command', () => {
  it('checks, records and reports the exchanges, and exits 1 after SIGTERM when one was invalid', async () => {
    const server = await mock();
    const metrics = validRequest(allOperations.find((o) => o.key === 'POST /2/facebook/metrics')!, server.account, 3);
    const planted = await (await fetch(server.url + metrics.path, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${TOKEN}:${SECRET}`).toString('base64')}`, 'content-type': 'application/json' }, body: JSON.stringify(metrics.body) })).json();
    planted.header[0].rows.push('not-a-profile');
    const upstream = await startServer({
      '/2/facebook/metrics': (_req, res) => json(res, 200, planted),
      '/2/post/labels': (req, res) => json(res, 200, { success: true, data: [{ id: '1', name: `${TOKEN}:${SECRET} ${req.headers.authorization}` }] }),
    });
    const record = join(dir, 'captures');
    const reportFile = join(dir, 'report.json');
    const cli = startCli(['--target', upstream.url, '--port', '0', '--record', record, '--reporter', 'text', '--reporter', `json=${reportFile}`]);
    try {
      const client = createClient({ token: TOKEN, secret: SECRET, baseUrl: await cli.url, retry: false });
      await client.send(metrics);
      await client.send({ method: 'POST', path: '/2/post/labels', body: {} });
      // The lines come after the answers: wait for both before stopping.
      // Polled, bounded by a count that makes it a hang guard only (at least 50 s): a loaded machine checks slowly.
      for (let i = 0; i < 5_000 && (cli.output().out.match(/^POST /gm) ?? []).length < 2; i++) await new Promise((r) => setTimeout(r, 10));
      cli.child.kill('SIGTERM');
      expect(await cli.exit).toBe(1);
    } finally {
      cli.child.kill('SIGKILL');
      await upstream.close();
    }
    const { out, err } = cli.output();
    expect(out).toMatch(/^POST \/2\/facebook\/metrics 200 invalid: \S+: .* \(rule v2\.metrics\.[a-z-]+\)$/m);
    expect(out).toMatch(/^POST \/2\/post\/labels 200 ok/m);
    expect(out).toMatch(/2 responses checked|responses: 2|2 responses/);
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    expect(report.summary).toMatchObject({ responses: 2, invalid: 1, exitCode: 1 });
    const files = readdirSync(record);
    expect(files).toHaveLength(2);
    const texts = [out, err, readFileSync(reportFile, 'utf8'), ...files.map((f) => f + readFileSync(join(record, f), 'utf8'))];
    expect(texts.filter(holdsCredentialPiece(TOKEN, SECRET))).toEqual([]);
    // validate judges the recordings the same: one invalid, exit 1, the same rule.
    const lines: string[] = [];
    expect(await runValidate([record], { out: (t) => lines.push(t), err: (t) => lines.push(t), env: {} })).toBe(1);
    expect(lines.join('\n')).toContain(/rule (v2\.metrics\.[a-z-]+)/.exec(out)![1]);
  }, 60_000);

  it('exits 0 when every exchange was valid, and writes the report when stopped', async () => {
    const server = await mock();
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const lines: string[] = [];
    const run = runProxy(['--target', server.url, '--port', '0', '--json'], {
      out: (t) => lines.push(t),
      err: (t) => lines.push(t),
      env: {},
      stopped,
      started: async (proxy) => {
        const client = createClient({ token: TOKEN, secret: SECRET, baseUrl: proxy.url });
        await client.send({ method: 'GET', path: '/2/facebook/profiles', body: undefined });
        for (let i = 0; i < 5_000 && lines.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
        stop();
      },
    });
    expect(await run).toBe(0);
    expect(lines[1]).toBe('GET /2/facebook/profiles 200 ok');
    expect(lines[2]).toBe('proxy stopping: no new connections; the exchanges under way get 5000 ms to finish');
    expect(JSON.parse(lines[3]).summary).toMatchObject({ responses: 1, valid: 1, exitCode: 0 });
  });

  it('exits 2 on a usage error and when the target cannot be reached', async () => {
    const lines: string[] = [];
    const io = { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t), env: {}, stopped: Promise.resolve() };
    expect(await runProxy([], io)).toBe(2);
    expect(lines.pop()).toMatch(/^social-analytics-api proxy: no target given .*\nrun social-analytics-api proxy --help for more$/);
    expect(await runProxy(['--target', 'ftp://x'], io)).toBe(2);
    expect(await runProxy(['--target', 'http://u:p@127.0.0.1:1'], io)).toBe(2);
    expect(lines.pop()).toContain('must not hold credentials');
    expect(await runProxy(['--target', 'http://127.0.0.1:1', '--port', '0'], io)).toBe(2);
    expect(lines.pop()).toBe('social-analytics-api proxy: cannot start: cannot reach the target http://127.0.0.1:1: ECONNREFUSED');
    expect(parseProxyArgs(['--target', 'http://127.0.0.1:4010'])).toMatchObject({ options: { port: 4011, target: 'http://127.0.0.1:4010' }, reporters: [{ name: 'text' }] });
    expect(parseProxyArgs(['--target', 'http://h', '--port', '70000'])).toEqual({ error: '--port needs a whole number from 0 to 65535, got "70000"' });
  });
});
