/**
 * A browser rejects fetch with a bare TypeError ("Failed to fetch", "Load failed", "NetworkError
 * when attempting to fetch resource.") for a request refused by CORS and for a network failure
 * alike, and says why only in its console. The error says that it may be either, and the call
 * is retried no more than a network failure with a known cause (Node's "fetch failed").
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { rejection } from './support/hostile.js';

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
