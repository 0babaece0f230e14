/**
 * How an attempt reaches the network: the global fetch as `fetch(url, init)`, or the `fetch`
 * option (a function of one standard Request). `fetch(url, init)` avoids what `fetch(request)`
 * with a body costs: a copy of the request through a proxy stream (a TransformStream per call in
 * Node's fetch), a measurable share of the per-request cost on loopback.
 */
import type { Transport } from './attempt.js';

/** The global fetch, resolved at call time (so that test doubles apply). */
export const globalFetch: Transport = (url, init) => globalThis.fetch(url, init);

/** A transport calling `fetch` with one standard Request. */
export function requestTransport(fetch: (input: Request) => Promise<Response>): Transport {
  return (url, init) => fetch(new Request(url, init));
}
