/**
 * Warm-up: the first thousand validations of a fresh process against its steady speed. The CLI
 * always runs fresh, so what the engine costs before it has optimised the validators' code is
 * paid on every run. A fresh node process loads the validators bundled as shipped and validates
 * captures of small and middle size (each with its request, bodies parsed from their text
 * beforehand, as the CLI holds them) in batches of a thousand: the first batch's CPU time over
 * the median of the last ten of forty. Target: at most 2x.
 *
 * Where the first batches' CPU goes (informational rows): on Linux the child reads each thread's
 * CPU time (/proc/self/task/<id>/schedstat, in nanoseconds), so the main thread's share (running
 * the code: interpreted, baseline or optimised, and compiling functions on their first call) is
 * told apart from the other threads' (V8's optimising compiler runs on them, beside the
 * concurrent garbage collector). The same child run with `--no-opt` (no optimising compiler:
 * the interpreter and the baseline compiler alone) shows what a batch costs before optimisation.
 * Why the target is out of reach on V8: docs/decisions/validator-warm-up.md.
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
const ROUNDS = 7;

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

/**
 * The child: prints the first batch's CPU ms and the steady batch's (median of the last ten), and
 * where schedstat is readable the main thread's and the other threads' CPU ms of each batch.
 */
const childScript = (captures: string) => `
import { readdirSync, readFileSync } from 'node:fs';
import { validateResponse } from './validators.mjs';
const captures = ${captures};
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
/** CPU ms of the main thread and of the others, or undefined where /proc is not there. */
const threads = () => {
  try {
    let main = 0, other = 0;
    for (const id of readdirSync('/proc/self/task')) {
      let ms = 0;
      try { ms = Number(readFileSync('/proc/self/task/' + id + '/schedstat', 'utf8').split(' ')[0]) / 1e6; } catch { continue; } // a thread that has ended
      if (Number(id) === process.pid) main += ms; else other += ms;
    }
    return { main, other };
  } catch { return undefined; }
};
const times = [];
const split = [];
for (let b = 0; b < ${BATCHES}; b++) {
  const inputs = [];
  for (let i = 0; i < ${BATCH}; i++) {
    const c = captures[(b * ${BATCH} + i) % captures.length];
    inputs.push({ method: c.method, path: c.path, body: JSON.parse(c.text), request: c.request, status: c.status, strict: false });
  }
  const before = threads();
  const started = cpu();
  let invalid = 0;
  for (let i = 0; i < inputs.length; i++) if (!validateResponse(inputs[i]).valid) invalid++;
  times.push(cpu() - started);
  const after = threads();
  if (before && after) split.push({ main: after.main - before.main, other: after.other - before.other });
  if (invalid) throw new Error(invalid + ' invalid');
}
const steady = times.slice(-10).sort((a, b) => a - b)[5];
const mid = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const threadSplit = split.length === times.length ? { first: split[0], second: split[1], steadyMain: mid(split.slice(-10).map((s) => s.main)) } : undefined;
console.log(JSON.stringify({ first: times[0], second: times[1], steady, threadSplit }));
`;

interface ChildFigures {
  first: number;
  second: number;
  steady: number;
  threadSplit?: { first: { main: number; other: number }; second: { main: number; other: number }; steadyMain: number };
}

export async function run(): Promise<BenchRow[]> {
  const work = mkdtempSync(join(tmpdir(), 'sa-bench-warm-up-'));
  try {
    await bundleValidators(work);
    const list = captures().map((s) => ({ method: s.method, path: s.path, status: s.status, request: s.request, text: JSON.stringify(s.body) }));
    const script = join(work, 'warm-up.mjs');
    writeFileSync(script, childScript(JSON.stringify(list)));
    // The default runs and the runs without the optimising compiler take turns.
    const figures: ChildFigures[] = [];
    const noOpt: ChildFigures[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      figures.push(JSON.parse(runChild(script)));
      noOpt.push(JSON.parse(runChild(script, ['--no-opt'])));
    }
    const ratio = median(figures.map((f) => f.first / f.steady));
    const ms = (values: number[]) => `${median(values).toFixed(1)} ms`;
    const splits = figures.flatMap((f) => (f.threadSplit ? [f.threadSplit] : []));
    const steady = median(figures.map((f) => f.steady));
    const informational: BenchRow[] = [];
    if (splits.length === figures.length) {
      informational.push({
        name: `Warm-up, where the CPU goes (informational): main thread / other threads (the optimising compiler, concurrent GC) per ${BATCH} validations`,
        value: `first batch ${ms(splits.map((s) => s.first.main))} / ${ms(splits.map((s) => s.first.other))}, second ${ms(splits.map((s) => s.second.main))} / ${ms(splits.map((s) => s.second.other))}`,
        baseline: `steady batch main thread ${ms(splits.map((s) => s.steadyMain))}`,
        ratio: `other threads alone ${(median(splits.map((s) => s.first.other)) / steady).toFixed(1)}x of a steady batch`,
      });
    }
    informational.push({
      name: `Warm-up, without the optimising compiler (informational: node --no-opt, the interpreter and the baseline compiler alone) per ${BATCH} validations`,
      value: `first ${ms(noOpt.map((f) => f.first))}, steady ${ms(noOpt.map((f) => f.steady))}`,
      baseline: `steady batch with it ${steady.toFixed(1)} ms`,
      ratio: `${(median(noOpt.map((f) => f.steady)) / steady).toFixed(1)}x`,
    });
    return [
      {
        name: `Warm-up: the first ${BATCH} validations of a fresh process (${list.length} kinds of capture in turn, with their request) against its steady speed`,
        value: `first ${median(figures.map((f) => f.first)).toFixed(1)} ms, steady ${median(figures.map((f) => f.steady)).toFixed(1)} ms per ${BATCH}`,
        baseline: `steady batch (median of the last 10 of ${BATCHES})`,
        ratio: `${ratio.toFixed(2)}x`,
        target: `<= ${TARGET}x`,
        ok: ratio <= TARGET,
      },
      ...informational,
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
