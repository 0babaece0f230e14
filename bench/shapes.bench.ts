/**
 * validateResponse / JSON.parse on every shape of issue 13, side by side in one run: each shape
 * in four variants (default and strict, with its request and body only; GET shapes have no
 * request), one row per shape with the four ratios; the row's ratio is the worst of them.
 * Target: <= 0.25x JSON.parse of the same bytes; bodies under 1 kB, whose request costs as much to
 * read as they do, <= 1.0x. Then the worst ratio of each group, and last, without
 * a target, two bodies as built in code rather than parsed (measured after every other shape: the
 * engine's slow path they take stays with the validator's code for the rest of the process).
 */
import { builtInCode, failureShape, listShapes, postsShape, v1MetricsShape, v2MetricsShape, type Shape } from './bodies.js';
import { assertValid, inputOf, measureRatio } from './ratio.js';
import type { BenchRow } from './types.js';
import { validateResponse } from '../src/validators/index.js';

const TARGET = 0.25;

/** Bodies under 1 kB are checked against their request at a fixed cost: at most this ratio. */
const SMALL_TARGET = 1.0;
const SMALL_BYTES = 1024;

/** Every measured shape (bodies answered by the mock, so all are valid). */
export function shapes(): Shape[] {
  const posts = [1, 10, 100, 500].flatMap((n) => [postsShape(2, n, false), postsShape(2, n, true)]);
  const v2 = [
    // 1 header level: [metric]
    v2MetricsShape([], 1, 1, 1),
    v2MetricsShape([], 25, 92, 2),
    v2MetricsShape([], 25, 92, 25),
    // 2 levels: [profile, metric], [date.day, metric]
    v2MetricsShape(['profile'], 1, 1, 1),
    v2MetricsShape(['profile'], 25, 92, 2),
    v2MetricsShape(['date.day'], 1, 92, 25),
    // 3 levels: [profile, date.day, metric]
    v2MetricsShape(['profile', 'date.day'], 1, 1, 1),
    v2MetricsShape(['profile', 'date.day'], 5, 30, 2),
    v2MetricsShape(['profile', 'date.day'], 25, 92, 1),
    v2MetricsShape(['profile', 'date.day'], 25, 92, 2),
    v2MetricsShape(['profile', 'date.day'], 25, 92, 25),
    // with an extra dimension (last)
    v2MetricsShape(['gender_age'], 1, 30, 2),
    v2MetricsShape(['date.day', 'gender_age'], 1, 92, 2),
    v2MetricsShape(['profile', 'date.day', 'gender_age'], 25, 92, 2),
  ];
  const v1 = [
    v1MetricsShape(1, 1, 1, false),
    v1MetricsShape(5, 30, 2, false),
    v1MetricsShape(25, 92, 2, false),
    v1MetricsShape(25, 92, 25, false),
    v1MetricsShape(1, 1, 25, true),
    v1MetricsShape(25, 92, 25, true),
  ];
  return [...posts, ...v2, ...v1, failureShape(1), failureShape(25), ...listShapes()];
}

const fmt = (ratio: number) => `${ratio.toFixed(2)}x`;
const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} kB`);

function shapeRow(shape: Shape): { row: BenchRow; target: number; worst: number; worstOf: string } {
  const variants: [string, boolean, boolean][] = shape.request
    ? [
        ['default+request', true, false],
        ['default body-only', false, false],
        ['strict+request', true, true],
        ['strict body-only', false, true],
      ]
    : [
        ['default', false, false],
        ['strict', false, true],
      ];
  const figures = variants.map(([label, withRequest, strict]) => {
    const input = inputOf(shape, withRequest, strict);
    assertValid(shape, input);
    return { label, ...measureRatio(input) };
  });
  const worst = figures.reduce((a, b) => (b.ratio > a.ratio ? b : a));
  const target = figures[0].bytes < SMALL_BYTES ? SMALL_TARGET : TARGET;
  const parseMs = figures.map((f) => f.parseMs).sort((a, b) => a - b)[figures.length >> 1];
  return {
    row: {
      name: `${shape.name} (${size(figures[0].bytes)})`,
      value: figures.map((f) => `${f.label} ${fmt(f.ratio)}`).join(', '),
      baseline: `JSON.parse ${parseMs < 1 ? `${(parseMs * 1000).toFixed(1)} us` : `${parseMs.toFixed(2)} ms`}`,
      ratio: `${fmt(worst.ratio)} (worst)`,
      target: `<= ${target}x`,
      ok: worst.ratio <= target,
    },
    target,
    worst: worst.ratio,
    worstOf: `${shape.name}, ${worst.label}`,
  };
}

export async function run(): Promise<BenchRow[]> {
  const list = shapes();
  // Warm the validators' code on every shape first, so the first shape measured is not charged for it.
  for (let pass = 0; pass < 3; pass++) for (const shape of list) for (const strict of [false, true]) for (const withRequest of [true, false]) validateResponse(inputOf(shape, withRequest, strict));
  const rows = list.map(shapeRow);
  const holding = rows.filter((r) => r.row.ok).length;
  const worstOf = (group: typeof rows, target: number, what: string): BenchRow => {
    const worst = group.reduce((a, b) => (b.worst > a.worst ? b : a));
    return { name: `WORST validateResponse / JSON.parse ratio of ${what} (${group.filter((r) => r.row.ok).length}/${group.length} hold; ${holding}/${rows.length} shapes in all)`, value: worst.worstOf, ratio: fmt(worst.worst), target: `<= ${target}x`, ok: worst.worst <= target };
  };
  return [
    ...rows.map((r) => r.row),
    worstOf(rows.filter((r) => r.target === TARGET), TARGET, 'the shapes of 1 kB and more'),
    worstOf(rows.filter((r) => r.target === SMALL_TARGET), SMALL_TARGET, `the bodies under 1 kB, with their request`),
    ...[v1MetricsShape(25, 92, 25, false), postsShape(2, 500, true)].map(builtInCodeRow),
  ];
}

/**
 * A body as built in code (wide objects that are engine dictionaries), with its request, and then
 * the same body parsed again: what validating such a body leaves behind. Informational.
 */
function builtInCodeRow(parsed: Shape): BenchRow {
  const shape = builtInCode(parsed);
  const input = inputOf(shape, true, false);
  assertValid(shape, input);
  const built = measureRatio(input, undefined, undefined, true);
  const after = measureRatio(inputOf(parsed, true, false));
  return {
    name: `${shape.name} (${size(built.bytes)}; informational)`,
    value: `default+request ${fmt(built.ratio)}; the parsed body after it ${fmt(after.ratio)}`,
    baseline: `JSON.parse ${built.parseMs.toFixed(2)} ms`,
    ratio: fmt(built.ratio),
  };
}
