/**
 * The mock as a CI or compose service (docs/mock-service.md): the commands of the documented
 * image, compose service and workflow step parse to the options they say and serve a client that
 * allows plain http: to the service's name. They run here on loopback (--host 0.0.0.0 becomes
 * 127.0.0.1, the port a free one): no container, nothing beyond this machine.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseMockArgs } from '../../src/cli/mock.js';
import { ClientConfigError, createClient } from '../../src/client/index.js';
import { startMockServer } from '../../src/mock/index.js';
import { PROJECT_ROOT } from '../pipeline/temp-project.js';

const doc = readFileSync(join(PROJECT_ROOT, 'docs/mock-service.md'), 'utf8');
const blocks = (lang: string) => [...doc.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]);

/** The arguments of `mock` in each documented place. */
function documentedCommands(): Record<string, string[]> {
  const dockerfile = blocks('dockerfile')[0];
  const json = (instruction: string) => JSON.parse(new RegExp(`^${instruction} (\\[.*\\])$`, 'm').exec(dockerfile)![1]) as string[];
  const entrypoint = json('ENTRYPOINT');
  expect(entrypoint).toEqual(['social-analytics-api', 'mock']);
  const compose = parse(blocks('yaml')[0]) as { services: { mock: { command: string[] } } };
  const background = blocks('yaml')[2];
  const step = /npx social-analytics-api mock (.*) &$/m.exec(background)![1].split(' ');
  return { image: json('CMD'), compose: compose.services.mock.command, 'workflow step': step };
}

/** Runs `mock` with `args` (on loopback, a free port); resolves with its URL and a stop function. */
async function runMock(args: string[]) {
  const local = args.map((a, i) => (args[i - 1] === '--host' ? '127.0.0.1' : args[i - 1] === '--port' ? '0' : a));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'mock', ...local], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`mock exited early with ${code}: ${out}`)));
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { url, stop: () => (child.kill('SIGTERM'), exit) };
}

/** A client of the service named `mock`, as a test container has it; the name resolves to `url` here. */
const serviceClient = (url: string, token: string, secret: string) =>
  createClient({ token, secret, baseUrl: 'http://mock:4010', allowInsecureHost: 'mock', retry: false, fetch: (request) => fetch(new Request(request.url.replace('http://mock:4010', url), request)) });

describe('the mock as a service', () => {
  it('documents commands that listen on every address with the options they name', () => {
    const commands = documentedCommands();
    expect(parseMockArgs(commands.image)).toMatchObject({ host: '0.0.0.0', port: 4010, token: 'ci-token', secret: 'ci-secret' });
    expect(parseMockArgs(commands.compose)).toMatchObject({ host: '0.0.0.0', historyStart: '2020-01-01', forbidden: ['POST /2/youtube/metrics'], budgets: { perUser: 1000 } });
    expect(parseMockArgs(commands['workflow step'])).toMatchObject({ host: '127.0.0.1', port: 4010 });
  });

  it('runs the compose command: a client that allows the service host gets its answers, forbidden operations and history start', async () => {
    const { url, stop } = await runMock(documentedCommands().compose);
    try {
      const client = serviceClient(url, 'ci-token', 'ci-secret');
      const profiles = (await client.send({ method: 'GET', path: '/2/youtube/profiles', body: undefined })) as { profiles: { id: string }[] };
      expect(profiles.profiles.length).toBeGreaterThan(0);
      const metrics = { method: 'POST' as const, path: '/2/youtube/metrics', body: { date_start: '2025-01-01', date_end: '2025-01-02', profiles: [profiles.profiles[0].id], metrics: ['subscribers_change'], dimensions: [{ type: 'date.day' }] } };
      await expect(client.send(metrics)).rejects.toMatchObject({ httpStatus: 403 });
      const facebook = (await client.send({ method: 'GET', path: '/2/facebook/profiles', body: undefined })) as { profiles: { id: string }[] };
      const early = { method: 'POST' as const, path: '/2/facebook/metrics', body: { date_start: '2019-12-30', date_end: '2020-01-02', profiles: [facebook.profiles[0].id], metrics: ['fans_change'], dimensions: [{ type: 'date.day' }] } };
      await expect(client.send(early)).rejects.toMatchObject({ code: 6 });
      // Without allowInsecureHost the client refuses plain http: to the service.
      expect(() => createClient({ token: 'ci-token', secret: 'ci-secret', baseUrl: 'http://mock:4010' })).toThrow(ClientConfigError);
    } finally {
      expect(await stop()).toBe(0);
    }
  }, 30_000);

  it('runs the image command', async () => {
    const { url, stop } = await runMock(documentedCommands().image);
    try {
      const client = serviceClient(url, 'ci-token', 'ci-secret');
      await expect(client.send({ method: 'POST', path: '/2/post/labels', body: {} })).resolves.toMatchObject({ success: true });
    } finally {
      expect(await stop()).toBe(0);
    }
  }, 30_000);
});

describe('mock command line options', () => {
  it('has a flag for every option of startMockServer but the clock and the request log', () => {
    const parsed = parseMockArgs([
      '--host', '0.0.0.0', '--user', 'a:b', '--user', 'c:d:e', '--budget-user', '5', '--budget-account', '9', '--history-start', '2018-05-01',
      '--forbidden', 'POST /2/facebook/metrics', '--forbidden', 'GET  /2/youtube/profiles', '--malformed-rate', '0.1', '--drop-rate', '0.2',
      '--unknown-error-rate', '0.3', '--fault-seed', '7', '--error-rate', '0.05', '--latency', '10',
    ]);
    expect(parsed).toMatchObject({
      host: '0.0.0.0',
      users: [{ token: 'a', secret: 'b' }, { token: 'c', secret: 'd:e' }],
      budgets: { perUser: 5, perAccount: 9 },
      historyStart: '2018-05-01',
      forbidden: ['POST /2/facebook/metrics', 'GET /2/youtube/profiles'],
      faults: { malformedRate: 0.1, dropRate: 0.2, unknownErrorRate: 0.3, seed: 7, serverErrorRate: 0.05, latencyMs: 10 },
    });
    expect(() => parseMockArgs(['--forbidden', 'POST /2/nowhere'])).toThrow('option --forbidden needs an operation "METHOD /path" such as "POST /2/facebook/metrics", got "POST /2/nowhere"');
    expect(() => parseMockArgs(['--user', 'nocolon'])).toThrow('option --user needs TOKEN:SECRET');
    expect(() => parseMockArgs(['--history-start', '2018'])).toThrow('option --history-start needs a day YYYY-MM-DD, got "2018"');
    expect(() => parseMockArgs(['--drop-rate', '2'])).toThrow('option --drop-rate needs a number from 0 to 1, got "2"');
  });

  it('startMockServer listens where --host says and names a loopback URL for every address', async () => {
    const server = await startMockServer({ host: '127.0.0.1' });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await server.close();
  });
});
