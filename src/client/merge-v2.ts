/**
 * Merges version 2 answers of a split metrics request: the header/data matrix rebuilt over the
 * rows of each dimension (the planned header types; metrics and profiles in request order, other
 * rows the union of the parts' rows in their order). Each cell comes from the one part that asked
 * for it, or, where the plan adds (sums over profile groups or date ranges without the
 * dimension), is the sum of the parts' cells. A cell that no part answers, a cell two parts
 * answer where nothing adds, or rows a part did not ask for (a metric or profile of another
 * part, a day, week or month outside its dates) make the merge fail (MergeError naming the part)
 * rather than invent a value.
 */
import { dayNumber, formatDayNumber } from '../calendar/days.js';
import { shallowText } from './errors.js';
import type { FailFor, Quote } from './merge-failure.js';
import type { PlannedPart, SplitPlan } from './split-plan.js';

interface V2Header {
  type: string;
  rows: string[];
}

interface V2Answer {
  success: true;
  header: V2Header[];
  data: unknown[];
}

/** The header of each answer, checked against the planned types. */
function checkedHeaders(plan: SplitPlan, answers: unknown[], types: string[], failFor: FailFor, quote: Quote): V2Header[][] {
  return answers.map((answer, i) => {
    const header = (answer as { header?: unknown } | null)?.header;
    const fits = Array.isArray(header) && header.length === types.length && header.every((h: V2Header | null, d) => h?.type === types[d] && Array.isArray(h.rows));
    if (!fits) {
      const got = Array.isArray(header) ? header.map((h: { type?: unknown } | null) => shallowText(h?.type)).join(', ') : 'none';
      failFor(plan.parts[i])(`its header is not ${types.join(', ')} with rows (got ${quote(got)})`);
    }
    return header as V2Header[];
  });
}

export function mergeV2(plan: SplitPlan, answers: unknown[], failFor: FailFor, quote: Quote): V2Answer {
  const types = [...(plan.body.dimensions ?? []).map((d) => d.type), 'metric'];
  const last = types.length - 1;
  const profileAt = types.indexOf('profile');
  const dateAt = types.findIndex((t) => t.startsWith('date.'));
  const headers = checkedHeaders(plan, answers, types, failFor, quote);
  const answered = new Set(profileAt < 0 ? [] : headers.flatMap((h) => h[profileAt].rows));
  const header: V2Header[] = types.map((type, d) => ({
    type,
    rows: d === last ? [...plan.body.metrics] : d === profileAt ? plan.body.profiles.filter((p) => answered.has(p)) : unionRows(headers.map((h) => h[d].rows)),
  }));
  const sizes = header.map((h) => h.rows.length);
  const strides = sizes.map((_, d) => sizes.slice(d + 1).reduce((a, b) => a * b, 1));
  const total = sizes.reduce((a, b) => a * b, 1);
  const values = new Float64Array(total);
  const filled = new Uint8Array(total);
  const cellName = (at: number) => header.map((h, d) => h.rows[Math.floor(at / strides[d]) % sizes[d]]).join(' / ');

  answers.forEach((answer, i) => {
    const part = plan.parts[i];
    const fail = failFor(part);
    // Per dimension: the merged index of each of this answer's rows; metrics and profiles must be
    // the part's own, date rows within the part's dates.
    const maps = headers[i].map((h, d) => {
      const own = d === last ? new Set(part.chunk.metrics) : d === profileAt ? new Set(part.chunk.profiles) : undefined;
      // A date row lies in the part's dates: a day, a month, or the Monday of a week holding one of its days.
      const from = types[d] === 'date.week' ? formatDayNumber(dayNumber(part.chunk.dateStart)! - 6) : part.chunk.dateStart;
      const size = types[d] === 'date.month' ? 7 : 10;
      const index = new Map(header[d].rows.map((r, j) => [r, j]));
      return h.rows.map((r) => {
        if (own && !own.has(r)) fail(`it answers ${types[d]} ${quote(r)}, which the part did not ask for`);
        if (dateAt === d && !(typeof r === 'string' && r.length === size && r >= from.slice(0, size) && r <= part.chunk.dateEnd.slice(0, size))) fail(`it answers ${types[d]} ${quote(r)}, outside the part's dates`);
        return index.get(r)!;
      });
    });
    const walk = (node: unknown, depth: number, offset: number) => {
      if (!Array.isArray(node)) fail(`its data is not nested ${types.length} levels deep`);
      const arr = node as unknown[];
      if (arr.length > maps[depth].length) fail(`it has more ${types[depth]} cells than header rows`);
      for (let k = 0; k < arr.length; k++) {
        const at = offset + maps[depth][k] * strides[depth];
        if (depth < last) {
          walk(arr[k], depth + 1, at);
          continue;
        }
        const v = arr[k];
        if (typeof v !== 'number') fail(`it holds a value that is not a number at ${quote(cellName(at))}`);
        if (!filled[at]) {
          values[at] = v as number;
          filled[at] = 1;
        } else if (plan.adds) values[at] += v as number;
        else fail(`it answers the cell ${quote(cellName(at))}, which another part answers too`);
      }
    };
    walk((answer as { data?: unknown }).data, 0, 0);
  });

  /** The part that should have answered a cell: its metric, profile and date fall in the part. */
  const ownerOf = (at: number): PlannedPart => {
    const row = (d: number) => header[d].rows[Math.floor(at / strides[d]) % sizes[d]];
    return plan.parts.find((p) => p.chunk.metrics.includes(row(last)) && (profileAt < 0 || p.chunk.profiles.includes(row(profileAt))) && (dateAt < 0 || row(dateAt).slice(0, 10) <= p.chunk.dateEnd)) ?? plan.parts[0];
  };
  const build = (depth: number, offset: number): unknown[] => {
    const out = new Array(sizes[depth]);
    for (let k = 0; k < sizes[depth]; k++) {
      const at = offset + k * strides[depth];
      if (depth < last) out[k] = build(depth + 1, at);
      else if (filled[at]) out[k] = values[at];
      else failFor(ownerOf(at))(`no answer holds the cell ${quote(cellName(at))} (the parts answered different ${types.slice(0, last).join(', ')} rows)`);
    }
    return out;
  };
  return { success: true, header, data: build(0, 0) };
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

