/**
 * Measures validateResponse against JSON.parse of the same bytes, side by side: both are timed
 * in interleaved rounds (so machine noise hits both alike), each round times a batch long enough
 * for the clock (small bodies run many times per batch), after a warm-up; the ratio is the
 * median of the rounds' ratios (each validateResponse batch over the JSON.parse batch just
 * before it, run under the same load), the times the medians of the rounds. Time is the
 * process's CPU time (process.cpuUsage, user + system), not wall time: on a shared machine the
 * process is often descheduled mid-batch, which wall time would charge to whichever side
 * happened to be running.
 */
import { validateResponse } from '../src/validators/index.js';
import type { ValidateResponseInput } from '../src/validators/types.js';
import type { Shape } from './bodies.js';
import { median } from './types.js';

/** The public input, with `strict` (accepted by the validators of issue 11). */
type Input = ValidateResponseInput & { strict?: boolean };

export interface RatioFigure {
  bytes: number;
  parseMs: number;
  validateMs: number;
  ratio: number;
}

/** CPU milliseconds of this process so far. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** CPU milliseconds per call of `fn`, timed as one batch of `calls` calls. */
function batchMs(fn: () => unknown, calls: number): number {
  const started = cpuMs();
  for (let i = 0; i < calls; i++) fn();
  return (cpuMs() - started) / calls;
}

/** Enough calls per batch for a batch of about `targetMs` (at least 1). */
function callsFor(fn: () => unknown, targetMs: number): number {
  let calls = 1;
  for (;;) {
    const started = cpuMs();
    for (let i = 0; i < calls; i++) fn();
    const took = cpuMs() - started;
    if (took >= targetMs / 4 || calls >= 1 << 20) return Math.max(1, Math.ceil((calls * targetMs) / Math.max(took, 0.001)));
    calls *= 4;
  }
}

/**
 * The input of a shape: with its request or body only, default or strict. Built as the CLI builds
 * its inputs (src/cli/build-report.ts): one object literal with every member, `request` undefined
 * when absent, so every input has one layout and validateResponse reads its members as a CI run
 * does (inputs of many layouts make each read a lookup: docs/decisions/validator-speed.md).
 */
export function inputOf(shape: Shape, withRequest: boolean, strict: boolean, body: unknown = shape.body): Input {
  return withBody({ method: shape.method, path: shape.path, request: withRequest ? shape.request : undefined, status: shape.status, strict }, body);
}

/** `input` with `body`: a new object of the one layout. */
const withBody = ({ method, path, request, status, strict }: Omit<Input, 'body'>, body: unknown): Input => ({ method, path, body, request, status, strict });

/** Throws when a bench body is not valid: a ratio of a failing validation would mean nothing. */
export function assertValid(shape: Shape, input: Input): void {
  const result = validateResponse(input);
  if (!result.valid) throw new Error(`bench body "${shape.name}" is invalid: ${JSON.stringify(result.errors.slice(0, 3))}`);
}

/**
 * validateResponse time / JSON.parse time of the same bytes, for one input. The body validated is
 * the parsed text, as a user holds it, unless `asGiven` (an object built in code).
 */
export function measureRatio(input: Input, rounds = 9, batchTargetMs = 15, asGiven = false): RatioFigure {
  const text = JSON.stringify(input.body);
  const body = asGiven ? input.body : JSON.parse(text);
  const parse = () => JSON.parse(text);
  // One input object, built once: the figure is validateResponse's own time, not the caller's.
  const call = withBody(input, body);
  const validate = () => validateResponse(call);
  // Warm-up (JIT, inline caches), then batch sizes from a calibration run.
  for (const fn of [parse, validate, parse, validate]) callsFor(fn, batchTargetMs);
  const parseCalls = callsFor(parse, batchTargetMs);
  const validateCalls = callsFor(validate, batchTargetMs);
  const parseTimes: number[] = [];
  const validateTimes: number[] = [];
  for (let round = 0; round < rounds; round++) {
    parseTimes.push(batchMs(parse, parseCalls));
    validateTimes.push(batchMs(validate, validateCalls));
  }
  const ratio = median(validateTimes.map((ms, round) => ms / parseTimes[round]));
  return { bytes: Buffer.byteLength(text), parseMs: median(parseTimes), validateMs: median(validateTimes), ratio };
}
