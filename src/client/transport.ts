/**
 * How an attempt reaches the network: the global fetch as `fetch(url, init)`, or the `fetch`
 * option (a function of one standard Request). `fetch(url, init)` avoids what `fetch(request)`
 * with a body costs: a copy of the request through a proxy stream (a TransformStream per call in
 * Node's fetch), a measurable share of the per-request cost on loopback.
 */
import type { Transport } from './attempt.js';

/** The global fetch, resolved at call time (so that test doubles apply); it watches the signal. */
export function globalFetch(): Transport {
  return Object.assign((url: string, init: RequestInit) => globalThis.fetch(url, init), { watchesSignal: true });
}

/** A transport calling `fetch` with one standard Request (a user's fetch may ignore the signal). */
export function requestTransport(fetch: (input: Request) => Promise<Response>): Transport {
  return (url, init) => fetch(new Request(url, init));
}
