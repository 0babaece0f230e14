/**
 * Warm-up: the first thousand validations of a fresh process against its steady speed. The CLI
 * always runs fresh, so what the engine costs before it has optimised the validators' code is
 * paid on every run. A fresh node process loads the validators bundled as shipped and validates
 * captures of small and middle size (each with its request, bodies parsed from their text
 * beforehand, as the CLI holds them) in batches of a thousand: the first batch's CPU time over
 * the median of the last ten of forty. Target: at most 2x.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { failureShape, postsShape, v1MetricsShape, v2MetricsShape, type Shape } from './bodies.js';
import { bundleValidators, runChild } from './child.js';
import { median, type BenchRow } from './types.js';

const TARGET = 2;
const BATCH = 1000;
const BATCHES = 40;
const ROUNDS = 5;

/** The captures validated in turn: bodies under 1 kB and a few of some kB. */
function captures(): Shape[] {
  return [
    v2MetricsShape([], 1, 1, 1),
    v2MetricsShape(['profile'], 1, 1, 1),
    v2MetricsShape(['profile', 'date.day'], 5, 30, 2),
    v1MetricsShape(1, 1, 1, false),
    v1MetricsShape(5, 7, 2, false),
    postsShape(2, 1, false),
    postsShape(2, 10, false),
    postsShape(1, 10, false),
    failureShape(1),
  ];
}

/** The child: prints the first batch's CPU ms and the steady batch's (median of the last ten). */
const childScript = (captures: string) => `
import { validateResponse } from './validators.mjs';
const captures = ${captures};
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const times = [];
for (let b = 0; b < ${BATCHES}; b++) {
  const inputs = [];
  for (let i = 0; i < ${BATCH}; i++) {
    const c = captures[(b * ${BATCH} + i) % captures.length];
    inputs.push({ method: c.method, path: c.path, body: JSON.parse(c.text), request: c.request, status: c.status, strict: false });
  }
  const started = cpu();
  let invalid = 0;
  for (let i = 0; i < inputs.length; i++) if (!validateResponse(inputs[i]).valid) invalid++;
  times.push(cpu() - started);
  if (invalid) throw new Error(invalid + ' invalid');
}
const steady = times.slice(-10).sort((a, b) => a - b)[5];
console.log(JSON.stringify({ first: times[0], steady }));
`;

export async function run(): Promise<BenchRow[]> {
  const work = mkdtempSync(join(tmpdir(), 'sa-bench-warm-up-'));
  try {
    await bundleValidators(work);
    const list = captures().map((s) => ({ method: s.method, path: s.path, status: s.status, request: s.request, text: JSON.stringify(s.body) }));
    const script = join(work, 'warm-up.mjs');
    writeFileSync(script, childScript(JSON.stringify(list)));
    const figures: { first: number; steady: number }[] = [];
    for (let r = 0; r < ROUNDS; r++) figures.push(JSON.parse(runChild(script)));
    const ratio = median(figures.map((f) => f.first / f.steady));
    return [
      {
        name: `Warm-up: the first ${BATCH} validations of a fresh process (${list.length} kinds of capture in turn, with their request) against its steady speed`,
        value: `first ${median(figures.map((f) => f.first)).toFixed(1)} ms, steady ${median(figures.map((f) => f.steady)).toFixed(1)} ms per ${BATCH}`,
        baseline: `steady batch (median of the last 10 of ${BATCHES})`,
        ratio: `${ratio.toFixed(2)}x`,
        target: `<= ${TARGET}x`,
        ok: ratio <= TARGET,
      },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
