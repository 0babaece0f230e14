/**
 * Fault injection for resilience tests. Each request draws from one seeded sequence, so a
 * given seed and request order always give the same faults.
 */
import { sequence } from './random.js';

export interface FaultOptions {
  /** Delay before answering, ms: a fixed value or [min, max]. */
  latencyMs?: number | [number, number];
  /** Share (0..1) of requests answered with HTTP 500 and a code 500 failure body. */
  serverErrorRate?: number;
  /** Share of requests answered HTTP 200 with a truncated, non-JSON body. */
  malformedRate?: number;
  /** Share of requests whose connection is closed without an answer. */
  dropRate?: number;
  /** Share of requests answered with code 99 (unknown error, HTTP 200). */
  unknownErrorRate?: number;
  /** Seed of the fault sequence (default: the server's seed). */
  seed?: number;
}

export type Fault = 'drop' | 'server-error' | 'malformed' | 'unknown-error' | undefined;

export class FaultInjector {
  private random: () => number;
  constructor(
    private options: FaultOptions,
    serverSeed: number,
  ) {
    for (const key of ['serverErrorRate', 'malformedRate', 'dropRate', 'unknownErrorRate'] as const) {
      const v = options[key];
      if (v !== undefined && (typeof v !== 'number' || v < 0 || v > 1)) throw new RangeError(`startMockServer: faults.${key} must be a share between 0 and 1, got ${String(v)}`);
    }
    this.random = sequence(options.seed ?? serverSeed ^ 0x5eed);
  }

  /** Delay of the next answer, ms. */
  latency(): number {
    const l = this.options.latencyMs;
    if (l === undefined) return 0;
    if (typeof l === 'number') return l;
    return l[0] + this.random() * (l[1] - l[0]);
  }

  /** The fault of the next request, if any (one draw per request). */
  next(): Fault {
    const r = this.random();
    let edge = 0;
    const o = this.options;
    if (r < (edge += o.dropRate ?? 0)) return 'drop';
    if (r < (edge += o.serverErrorRate ?? 0)) return 'server-error';
    if (r < (edge += o.malformedRate ?? 0)) return 'malformed';
    if (r < (edge += o.unknownErrorRate ?? 0)) return 'unknown-error';
    return undefined;
  }
}
