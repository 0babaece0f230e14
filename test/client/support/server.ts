/** Starts a mock server per test file and makes clients for it. */
import { afterAll } from 'vitest';
import { createClient, type ClientOptions } from '../../../src/client/index.js';
import { startMockServer, type MockServer, type MockServerOptions } from '../../../src/mock/index.js';

export const TOKEN = 'test-token';
export const SECRET = 's3cr3t-VALUE-never-logged';

const started: MockServer[] = [];
afterAll(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

/** A mock server closed after the file's tests. */
export async function mock(options: MockServerOptions = {}): Promise<MockServer> {
  const server = await startMockServer({ token: TOKEN, secret: SECRET, seed: 42, ...options });
  started.push(server);
  return server;
}

/** A client of `server` that never waits real time (sleep is recorded, not slept). */
export function clientFor(server: MockServer, options: Partial<ClientOptions> = {}) {
  const sleeps: number[] = [];
  let now = 1_000_000;
  const client = createClient({
    token: TOKEN,
    secret: SECRET,
    baseUrl: server.url,
    clock: {
      now: () => now,
      sleep: async (ms) => {
        sleeps.push(ms);
        now += ms;
      },
    },
    ...options,
  });
  return { client, sleeps, advance: (ms: number) => (now += ms) };
}

/** Requests of the server log since index `from` that reached the path. */
export function requestsTo(server: MockServer, path: string, from = 0): number {
  return server.log.slice(from).filter((e) => e.path === path).length;
}
