/**
 * Merges the answers of a split metrics request into the answer of the unsplit request.
 * v1: per-profile day records, profiles in request order, days in date order, metric members
 * joined. v2: the header/data matrix rebuilt over the union of each dimension's rows; a cell
 * that several parts answer is added up (only planned for `sum` metrics); a cell no part
 * answers makes the merge fail rather than invent a value.
 */
import { SplitRefusedError } from './errors.js';
import type { SplitPlan } from './split-plan.js';

interface V1Answer {
  success: true;
  profiles: { id: string; data: Record<string, unknown>[] }[];
}

interface V2Answer {
  success: true;
  header: { type: string; rows: string[] }[];
  data: unknown[];
}

/** Merges answers of a plan's parts (same order as `plan.parts`). */
export function mergeMetricsAnswers(plan: SplitPlan, answers: unknown[]): unknown {
  if (answers.length === 1) return answers[0];
  return plan.version === 1 ? mergeV1(plan, answers as V1Answer[]) : mergeV2(plan, answers as V2Answer[]);
}

function mergeV1(plan: SplitPlan, answers: V1Answer[]): V1Answer {
  const metrics = plan.body.metrics;
  const metricIndex = new Map(metrics.map((m, i) => [m, i]));
  // Per profile: dates in first-seen order (parts come in date order), each with one slot per metric.
  const byProfile = new Map<string, Map<string, unknown[]>>();
  for (const id of plan.body.profiles) byProfile.set(id, new Map());
  for (const answer of answers) {
    for (const profile of answer.profiles ?? []) {
      let days = byProfile.get(profile.id);
      if (!days) byProfile.set(profile.id, (days = new Map()));
      for (const record of profile.data ?? []) {
        const date = String(record.date);
        let slots = days.get(date);
        if (!slots) days.set(date, (slots = new Array(metrics.length)));
        for (const key in record) {
          const i = metricIndex.get(key);
          if (i !== undefined) slots[i] = record[key];
        }
      }
    }
  }
  const profiles = [...byProfile].map(([id, days]) => ({
    id,
    data: [...days].map(([date, slots]) => {
      const record: Record<string, unknown> = { date };
      for (let i = 0; i < metrics.length; i++) if (slots[i] !== undefined) record[metrics[i]] = slots[i];
      return record;
    }),
  }));
  return { success: true, profiles };
}

/** The profiles the parts answered, in the order of the request (as the unsplit answer lists them). */
function inRequestOrder(requested: string[], lists: string[][]): string[] {
  const answered = new Set(lists.flat());
  return [...requested.filter((p) => answered.has(p)), ...unionRows(lists).filter((p) => !requested.includes(p))];
}

/** Orders the union of several row lists so that each list's own order is kept where possible. */
export function unionRows(lists: string[][]): string[] {
  const first = new Map<string, number>();
  const after = new Map<string, Set<string>>();
  const indegree = new Map<string, number>();
  for (const list of lists) {
    list.forEach((row, i) => {
      if (!first.has(row)) {
        first.set(row, first.size);
        indegree.set(row, 0);
        after.set(row, new Set());
      }
      if (i > 0) {
        const prev = list[i - 1];
        if (prev !== row && !after.get(prev)!.has(row)) {
          after.get(prev)!.add(row);
          indegree.set(row, indegree.get(row)! + 1);
        }
      }
    });
  }
  const ready = [...first.keys()].filter((r) => indegree.get(r) === 0);
  const out: string[] = [];
  const placed = new Set<string>();
  while (out.length < first.size) {
    ready.sort((a, b) => first.get(a)! - first.get(b)!);
    const next = ready.shift() ?? [...first.keys()].find((r) => !placed.has(r))!;
    if (placed.has(next)) continue;
    placed.add(next);
    out.push(next);
    for (const r of after.get(next)!) {
      indegree.set(r, indegree.get(r)! - 1);
      if (indegree.get(r) === 0 && !placed.has(r)) ready.push(r);
    }
  }
  return out;
}

function mergeV2(plan: SplitPlan, answers: V2Answer[]): V2Answer {
  const fail = (reason: string): never => {
    throw new SplitRefusedError(plan.operation, reason);
  };
  const types = answers[0].header.map((h) => h.type);
  for (const a of answers) {
    if (!Array.isArray(a.header) || a.header.length !== types.length || a.header.some((h, i) => h.type !== types[i])) fail('the partial answers have different header types');
  }
  const last = types.length - 1;
  const header = types.map((type, i) => ({
    type,
    rows: i === last ? [...plan.body.metrics] : type === 'profile' ? inRequestOrder(plan.body.profiles, answers.map((a) => a.header[i].rows)) : unionRows(answers.map((a) => a.header[i].rows)),
  }));
  const sizes = header.map((h) => h.rows.length);
  const strides = sizes.map((_, i) => sizes.slice(i + 1).reduce((a, b) => a * b, 1));
  const total = sizes.reduce((a, b) => a * b, 1);
  const values = new Float64Array(total);
  const filled = new Uint8Array(total);
  for (const answer of answers) {
    const maps = answer.header.map((h, i) => {
      const index = new Map(header[i].rows.map((r, j) => [r, j]));
      return h.rows.map((r) => index.get(r) ?? -1);
    });
    const walk = (node: unknown, depth: number, offset: number) => {
      if (!Array.isArray(node)) fail(`a partial answer's data is not nested ${types.length} levels deep`);
      const arr = node as unknown[];
      for (let i = 0; i < arr.length; i++) {
        const target = maps[depth][i];
        if (target === undefined || target < 0) fail(`a partial answer has more ${types[depth]} cells than header rows`);
        const at = offset + target * strides[depth];
        if (depth === last) {
          const v = arr[i];
          if (typeof v !== 'number') fail(`a partial answer holds a non-number value at ${types.join('/')}`);
          if (filled[at]) {
            // Added up where planned (sums over split profiles or ranges); otherwise the cell was
            // asked twice by the pair cover and both answers must agree.
            if (plan.adds) values[at] += v as number;
            else if (values[at] !== v) fail(`two partial answers disagree on a cell (${values[at]} and ${String(v)})`);
          } else {
            values[at] = v as number;
            filled[at] = 1;
          }
        } else walk(arr[i], depth + 1, at);
      }
    };
    walk(answer.data, 0, 0);
  }
  const build = (depth: number, offset: number): unknown[] => {
    const out = new Array(sizes[depth]);
    for (let i = 0; i < sizes[depth]; i++) {
      const at = offset + i * strides[depth];
      if (depth === last) {
        if (!filled[at]) fail(`no partial answer holds the cell ${header.map((h, d) => (d <= depth ? h.rows[Math.floor(at / strides[d]) % sizes[d]] : '')).join(' / ')}; the parts answered different ${types.slice(0, last).join(', ')} rows`);
        out[i] = values[at];
      } else out[i] = build(depth + 1, at);
    }
    return out;
  };
  return { success: true, header, data: build(0, 0) };
}
