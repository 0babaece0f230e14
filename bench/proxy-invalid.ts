/**
 * The proxy under a flood of invalid answers, for `npm run bench -- proxy`: the `proxy` command
 * runs in a process of its own as users run it (`--reporter text --reporter junit=FILE`, its lines
 * per exchange read and dropped), in front of a target in this process that answers every
 * `GET /2/facebook/profiles` with the same 57 kB body of 300 profiles: valid, or with three fields
 * of each of the wrong type (900 problems). CONCURRENCY requests in flight.
 *
 * - Memory: the peak resident set (Linux VmHWM, read until it exits) of the proxy process over 100
 *   valid exchanges, and over 1,000 and 10,000 invalid ones (each in a fresh process). Kept whole until the report was
 *   built, an invalid exchange cost ~310 kB; written to the reports as it is judged, the invalid
 *   runs must stay under the valid run's peak plus MARGIN_MB.
 * - SIGTERM to exit: the signal is sent once the head of the last answer has come (the checks of
 *   the last exchanges, which follow their answers, under way), timed until the process exits; the target is the default drain
 *   deadline plus one second. The JUnit report must then hold every exchange as a failed case.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { authorizationHeader } from '../src/client/auth.js';
import { DEFAULT_DRAIN_TIMEOUT_MS } from '../src/proxy/proxy.js';
import type { BenchRow } from './types.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const AUTH = authorizationHeader('mock-token', 'mock-secret');
const CONCURRENCY = 16;
const PROFILES = 300;
const VALID_EXCHANGES = 100;
const INVALID_EXCHANGES = [1_000, 10_000];
/**
 * What the invalid runs may add to the valid run's peak: the exchanges under way (CONCURRENCY x
 * a 57 kB body as text, its parsed value, its capture and the 900 problems of its check, ~0.5 MB
 * each: ~8 MB), the spools' and the report file's write buffers (256 kB of text each), and the
 * garbage of ~0.3 MB per exchange that V8 lets build up in its young generation and old space
 * between collections, which an ordinary heap sizes at a few tens of megabytes whatever the count.
 */
const MARGIN_MB = 64;
const STOP_TARGET_MS = DEFAULT_DRAIN_TIMEOUT_MS + 1000;

/** The profiles answer: each profile valid, or with id, name and picture of the wrong type (three problems each). */
function profilesBody(valid: boolean): string {
  const profiles = Array.from({ length: PROFILES }, (_, i) => {
    const id = String(164929110001 + i);
    return {
      id: valid ? id : Number(id),
      name: valid ? `Facebook profile ${i + 1}` : i + 1,
      profile_name: `mock_facebook_${i + 1}`,
      picture: valid ? `https://cdn.invalid/facebook/${id}.png` : false,
      timezone: 'Europe/Prague',
      profile_labels: ['Brand accounts'],
      insights_enabled: true,
      community_enabled: true,
    };
  });
  return JSON.stringify({ success: true, profiles });
}

const vmHwm = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/** One run of the command: `count` exchanges, then SIGTERM; its peak memory before the signal, the time to exit and the report's cases. */
async function proxyRun(target: string, count: number, dir: string) {
  const junit = join(dir, `report-${count}.xml`);
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), 'proxy', '--target', target, '--port', '0', '--reporter', 'text', '--reporter', `junit=${junit}`], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A bench that fails leaves no proxy behind.
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let head = '';
      const read = (chunk: Buffer) => {
        head += chunk.toString('utf8');
        const m = /listening on (http:\/\/[^,\s]+)/.exec(head);
        if (m) {
          child.stdout!.off('data', read);
          child.stdout!.resume();
          resolve(m[1]);
        }
      };
      child.stdout!.on('data', read);
      void exited.then((code) => reject(new Error(`the proxy exited (${code}) before listening`)));
    });
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const { hostname, port } = new URL(url);
    /** One request; `head` is called when its answer's head arrives; resolves with the status the caller got (0: no answer). */
    const send = (head: () => void) =>
      new Promise<number>((resolve) => {
        const req = request({ hostname, port, path: '/2/facebook/profiles', agent, headers: { authorization: AUTH } }, (res) => {
          head();
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', () => resolve(0));
        });
        req.on('error', () => resolve(0));
        req.end();
      });
    let sent = 0;
    let stoppedAt = 0;
    /** Answers other than 200 (a 502 when the target could not be reached, none when the connection broke). */
    let failed = 0;
    // The peak is read until the process exits (its reports are written after the signal).
    let peak = 0;
    const reading = setInterval(() => {
      try {
        peak = vmHwm(child.pid!);
      } catch {
        // Gone: the last reading stands.
      }
    }, 20);
    // SIGTERM once the last answer's head has come: every request has been taken, and the checks
    // of the last ones (which follow their answers) are under way.
    let heads = 0;
    const headCame = () => {
      if (++heads < count) return;
      stoppedAt = performance.now();
      child.kill('SIGTERM');
    };
    const answered = Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (sent < count) {
          sent++;
          if ((await send(headCame)) !== 200) failed++;
        }
      }),
    );
    const code = await exited;
    const stopMs = performance.now() - stoppedAt;
    clearInterval(reading);
    await answered;
    agent.destroy();
    const report = readFileSync(junit, 'utf8');
    const cases = report.match(/<testcase /g)?.length ?? 0;
    const failures = report.match(/<failure /g)?.length ?? 0;
    rmSync(junit, { force: true });
    return { peak, stopMs, code, cases, failures, failed };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

export async function invalidExchangeRows(): Promise<BenchRow[]> {
  const bodies = { valid: profilesBody(true), invalid: profilesBody(false) };
  let answer = bodies.valid;
  // Keep-alive connections kept longer than any pause of a busy machine (Node's default is 5 s),
  // so that the proxy's pool never sends on a connection the target is closing.
  const target = createServer({ keepAliveTimeout: 120_000 }, (req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) }).end(answer));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  const dir = mkdtempSync(join(tmpdir(), 'bench-proxy-invalid-'));
  const kB = `${(Buffer.byteLength(bodies.invalid) / 1000).toFixed(0)} kB`;
  try {
    const valid = await proxyRun(targetUrl, VALID_EXCHANGES, dir);
    if (valid.code !== 0 || valid.cases !== VALID_EXCHANGES || valid.failures !== 0 || valid.failed) throw new Error(`the valid run exited ${valid.code} with ${valid.cases} cases, ${valid.failures} failed, ${valid.failed} answers not 200`);
    answer = bodies.invalid;
    const rows: BenchRow[] = [];
    for (const count of INVALID_EXCHANGES) {
      const run = await proxyRun(targetUrl, count, dir);
      const complete = run.code === 1 && run.cases === count && run.failures === count && run.failed === 0;
      const under = run.peak <= valid.peak + MARGIN_MB * 2 ** 20;
      rows.push({
        name: `proxy: peak memory, ${count.toLocaleString('en')} invalid exchanges (${kB}, 900 problems each), JUnit report ${complete ? 'complete' : `INCOMPLETE (${run.cases} cases, ${run.failures} failed, exit ${run.code}, ${run.failed} answers not 200)`}`,
        value: mb(run.peak),
        baseline: `${VALID_EXCHANGES} valid exchanges ${mb(valid.peak)}`,
        ratio: `+${mb(Math.max(0, run.peak - valid.peak))}`,
        target: `<= valid + ${MARGIN_MB} MB`,
        ok: under && complete,
      });
      rows.push({
        name: `proxy: SIGTERM to exit, ${count.toLocaleString('en')} invalid exchanges (the last checks under way), report written`,
        value: `${run.stopMs.toFixed(0)} ms`,
        baseline: `${VALID_EXCHANGES} valid exchanges ${valid.stopMs.toFixed(0)} ms`,
        target: `<= ${STOP_TARGET_MS} ms (drain deadline + 1 s)`,
        ok: run.stopMs <= STOP_TARGET_MS && complete,
      });
    }
    return rows;
  } finally {
    target.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
