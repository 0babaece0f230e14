import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseMockArgs } from '../../src/cli/mock.js';
import { authorizationHeader } from '../../src/client/auth.js';
import { MockEngine } from '../../src/mock/engine.js';
import { mock, SECRET, TOKEN } from '../client/support/server.js';

const auth = authorizationHeader(TOKEN, SECRET);

async function outcome(url: string): Promise<string> {
  try {
    const res = await fetch(`${url}/2/post/labels`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: '{}' });
    const text = await res.text();
    try {
      const body = JSON.parse(text);
      return body.success ? 'ok' : `code ${body.errors[0].code}/${res.status}`;
    } catch {
      return 'malformed';
    }
  } catch {
    return 'dropped';
  }
}

describe('mock fault injection', () => {
  it('injects 500s, malformed bodies, dropped connections and code 99 in shares, reproducibly by seed', async () => {
    const faults = { serverErrorRate: 0.2, malformedRate: 0.2, dropRate: 0.2, unknownErrorRate: 0.1, seed: 9 };
    const [a, b] = await Promise.all([mock({ faults }), mock({ faults })]);
    const run = async (url: string) => {
      const out: string[] = [];
      for (let i = 0; i < 120; i++) out.push(await outcome(url));
      return out;
    };
    const first = await run(a.url);
    expect(await run(b.url)).toEqual(first);
    const count = (what: string) => first.filter((o) => o === what).length;
    for (const what of ['ok', 'code 500/500', 'malformed', 'dropped', 'code 99/200']) expect(count(what), what).toBeGreaterThan(3);
    expect(a.log.filter((e) => e.fault === 'drop')).toHaveLength(count('dropped'));
  });

  it('can change faults at run time and answers 403 for forbidden operations', async () => {
    const server = await mock({ forbidden: ['POST /2/post/labels'] });
    expect(await outcome(server.url)).toBe('code 403/403');
    server.setFaults({ serverErrorRate: 1 });
    expect(await outcome(server.url)).toBe('code 500/500');
    server.setFaults(undefined);
    expect(await outcome(server.url)).toBe('code 403/403');
  });

  it('delays answers by the configured latency: the answer is made once the wait it asks for is over', async () => {
    // The wait injected, not timed: the test holds it open and lets it end.
    const engine = new MockEngine({ token: TOKEN, secret: SECRET, faults: { latencyMs: 30 } });
    const waits: number[] = [];
    let endWait = () => {};
    const request = { method: 'POST', path: '/2/post/labels', headers: { authorization: auth, 'content-type': 'application/json' }, body: new TextEncoder().encode('{}') };
    let answered = false;
    const answer = engine.answer(request, (ms) => {
      waits.push(ms);
      return new Promise<void>((resolve) => (endWait = resolve));
    }).then((a) => ((answered = true), a));
    await new Promise((resolve) => setImmediate(resolve));
    expect({ waits, answered }).toEqual({ waits: [30], answered: false });
    endWait();
    const { status, body } = await answer;
    expect({ status, success: JSON.parse(new TextDecoder().decode(body)).success }).toEqual({ status: 200, success: true });
    // Through the server too, the latency its default timer waits: the answer still comes.
    const server = await mock({ faults: { latencyMs: 30 } });
    expect(await outcome(server.url)).toBe('ok');
  });
});

describe('mock CLI', () => {
  it('parses options and names a bad one', () => {
    expect(parseMockArgs(['--port', '0', '--seed=7', '--token', 't', '--secret', 's', '--no-limits'])).toMatchObject({ port: 0, seed: 7, token: 't', secret: 's', limits: false });
    expect(parseMockArgs([])).toMatchObject({ port: 4010 });
    expect(() => parseMockArgs(['--port', 'x'])).toThrow(/--port/);
    expect(() => parseMockArgs(['--wat'])).toThrow(/--wat/);
  });

  it('runs until SIGTERM, prints its URL and serves requests', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'mock', '--port', '0', '--token', TOKEN, '--secret', SECRET], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) resolve(m[1]);
      });
      child.on('exit', (code) => reject(new Error(`exited early with ${code}: ${out}`)));
    });
    expect(await outcome(url)).toBe('ok');
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(out).toContain('stopped');
  }, 30_000);
});
