/**
 * A project folder as the user documents' examples expect one: captures recorded from real
 * answers of the mock (`captures/week.json`, a HAR of a browser session with an asset beside the
 * API calls, `a.json`, `session.har`, `capture.json`), optionally with one planted mistake, and a
 * shell in which `npx social-analytics-api ...` runs the command line of this checkout (bundled
 * once by esbuild), so that a documented command line runs as written.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { MockServer } from '../../src/mock/index.js';

/** One recorded exchange, as a capture file holds it. */
export interface Capture {
  method: 'GET' | 'POST';
  path: string;
  status: number;
  request?: unknown;
  response: unknown;
}

/** The credentials the examples read from the environment (API_TOKEN, API_SECRET). */
export const CREDENTIALS = { token: 'docs-token', secret: 'docs-secret' };

async function exchange(mock: MockServer, method: 'GET' | 'POST', path: string, request?: unknown): Promise<Capture> {
  const headers: Record<string, string> = { authorization: `Basic ${btoa(`${CREDENTIALS.token}:${CREDENTIALS.secret}`)}` };
  if (request !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(mock.url + path, { method, headers, ...(request === undefined ? {} : { body: JSON.stringify(request) }) });
  const response = await answer.json();
  if ((response as { success?: boolean }).success !== true) throw new Error(`the mock refused ${method} ${path}: ${JSON.stringify(response)}`);
  return { method, path, status: answer.status, ...(request === undefined ? {} : { request }), response };
}

/** The exchanges the examples' files are made of, recorded from `mock` (started with CREDENTIALS). */
export async function recordExchanges(mock: MockServer) {
  const profiles = await exchange(mock, 'GET', '/2/facebook/profiles');
  const first = (profiles.response as { profiles: { id: string }[] }).profiles[0].id;
  const week = await exchange(mock, 'POST', '/2/facebook/metrics', { date_start: '2026-01-05', date_end: '2026-01-11', profiles: [first], metrics: ['fans_change'], dimensions: [{ type: 'date.day' }] });
  const posts = await exchange(mock, 'POST', '/2/facebook/page/posts', { profiles: [first], date_start: '2026-01-01', date_end: '2026-01-31', fields: ['id', 'comments'], limit: 5 });
  return { profiles, week, posts };
}

/** A HAR 1.2 file of a browser session: the page's script (not an API call) and the exchanges. */
export function harOf(exchanges: readonly Capture[]): unknown {
  const entry = (method: string, url: string, status: number, mimeType: string, text: string, body?: string) => ({
    startedDateTime: '2026-01-12T09:00:00.000Z',
    time: 12,
    request: { method, url, httpVersion: 'HTTP/1.1', headers: [], queryString: [], cookies: [], headersSize: -1, bodySize: body?.length ?? 0, ...(body === undefined ? {} : { postData: { mimeType: 'application/json', text: body } }) },
    response: { status, statusText: 'OK', httpVersion: 'HTTP/1.1', headers: [], cookies: [], content: { size: text.length, mimeType, text }, redirectURL: '', headersSize: -1, bodySize: text.length },
    cache: {},
    timings: { send: 1, wait: 10, receive: 1 },
  });
  const entries = [
    entry('GET', 'https://app.example.com/app.js', 200, 'text/javascript', 'console.log(1);'),
    ...exchanges.map((c) => entry(c.method, `https://api.example.com${c.path}`, c.status, 'application/json', JSON.stringify(c.response), c.request === undefined ? undefined : JSON.stringify(c.request))),
  ];
  return { log: { version: '1.2', creator: { name: 'docs-test', version: '1' }, pages: [], entries } };
}

/** `week` with the mistake the README's example prints: the second day's value a string, "2". */
export function planted(week: Capture): Capture {
  const response = structuredClone(week.response) as { data: unknown[][] };
  response.data[1][0] = '2';
  return { ...week, response };
}

function write(dir: string, name: string, value: unknown): void {
  const file = join(dir, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Writes the files the examples name into `dir`: `captures/week.json` (the planted mistake when
 * `mistake`), `captures/session.har`, and at the top `a.json`, `session.har`, `capture.json`.
 */
export function writeExampleProject(dir: string, recorded: Awaited<ReturnType<typeof recordExchanges>>, mistake = false): void {
  const har = harOf([recorded.profiles, recorded.week, recorded.posts]);
  write(dir, 'captures/week.json', mistake ? planted(recorded.week) : recorded.week);
  write(dir, 'captures/session.har', har);
  write(dir, 'a.json', recorded.profiles);
  write(dir, 'session.har', har);
  write(dir, 'capture.json', recorded.posts);
}

/**
 * Runs a documented shell line in `cwd`, where `npx social-analytics-api` is the CLI at `cli`
 * (any other `npx` fails, so that a line cannot reach a registry).
 */
export function runShellLine(cli: string, line: string, cwd: string, env: Record<string, string> = {}): SpawnSyncReturns<string> {
  const npx = `npx() { if [ "$1" != social-analytics-api ]; then echo "npx $1: only social-analytics-api runs here" >&2; return 127; fi; shift; ${JSON.stringify(process.execPath)} ${JSON.stringify(cli)} "$@"; }`;
  return spawnSync('bash', ['-c', `${npx}\n${line}`], { cwd, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, timeout: 120_000 });
}
