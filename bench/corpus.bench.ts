/**
 * A CI run over many captures: bodies of many sizes and metric sets, each parsed from its text
 * and validated once with its request, as a team's CI validates a folder of captured answers.
 * Per kind of body, each round parses every text of that kind in one timed batch, then validates
 * every parsed body in another; the figure is the median ratio of the rounds (CPU time, as
 * bench/ratio.ts). Unlike the shapes, no body is validated twice in a row, and every object is
 * as fresh from JSON.parse as a user's.
 */
import { postsShape, v1MetricsShape, v2MetricsShape, type Shape } from './bodies.js';
import { validateResponse } from '../src/validators/index.js';
import { median, type BenchRow } from './types.js';

const TARGET = 0.25;
const ROUNDS = 15;

/** The captures of one kind: v1 metrics, v2 metrics, posts pages. */
function corpus(): { kind: string; shapes: Shape[] }[] {
  const v1: Shape[] = [];
  for (const metrics of [1, 2, 3, 5, 8, 25]) for (const profiles of [1, 5, 25]) for (const days of [7, 30, 92]) v1.push(v1MetricsShape(profiles, days, metrics, false));
  for (const profiles of [1, 25]) v1.push(v1MetricsShape(profiles, 30, 25, true));
  const v2: Shape[] = [];
  for (const dimensions of [[], ['profile'], ['date.day'], ['profile', 'date.day'], ['profile', 'date.day', 'gender_age']]) {
    // 5 facebook metrics allow gender_age.
    for (const metrics of [1, 2, dimensions.includes('gender_age') ? 5 : 25]) {
      for (const [profiles, days] of [[1, 7], [5, 30], [25, 92]]) v2.push(v2MetricsShape(dimensions, profiles, days, metrics));
    }
  }
  const posts: Shape[] = [];
  for (const limit of [10, 50, 100, 500]) for (const all of [false, true]) for (const version of [1, 2] as const) posts.push(postsShape(version, limit, all));
  return [
    { kind: 'v1 metrics', shapes: v1 },
    { kind: 'v2 metrics', shapes: v2 },
    { kind: 'posts pages', shapes: posts },
  ];
}

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function kindRow(kind: string, shapes: Shape[]): BenchRow {
  const texts = shapes.map((s) => JSON.stringify(s.body));
  const bytes = texts.reduce((n, t) => n + t.length, 0);
  const ratios: number[] = [];
  const parseTimes: number[] = [];
  for (let round = 0; round < ROUNDS + 2; round++) {
    let started = cpuMs();
    const bodies = texts.map((t) => JSON.parse(t) as unknown);
    const parseMs = cpuMs() - started;
    started = cpuMs();
    let invalid = 0;
    for (let i = 0; i < shapes.length; i++) {
      const s = shapes[i];
      if (!validateResponse({ method: s.method, path: s.path, body: bodies[i], request: s.request }).valid) invalid++;
    }
    const validateMs = cpuMs() - started;
    if (invalid) throw new Error(`bench: ${invalid} ${kind} capture(s) invalid`);
    if (round < 2) continue; // warm-up
    ratios.push(validateMs / parseMs);
    parseTimes.push(parseMs);
  }
  const ratio = median(ratios);
  return {
    name: `CI run: ${shapes.length} ${kind} captures (${(bytes / 1024 / 1024).toFixed(1)} MB), each parsed and validated once, with its request`,
    value: `${ratio.toFixed(2)}x JSON.parse`,
    baseline: `JSON.parse ${median(parseTimes).toFixed(0)} ms`,
    ratio: `${ratio.toFixed(2)}x`,
    target: `<= ${TARGET}x`,
    ok: ratio <= TARGET,
  };
}

export async function run(): Promise<BenchRow[]> {
  return corpus().map(({ kind, shapes }) => kindRow(kind, shapes));
}
