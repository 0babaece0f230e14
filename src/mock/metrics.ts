/**
 * The metrics operations of the mock. v1: one record per profile and day. v2: the header/data
 * matrix over the requested dimensions, each cell aggregating the daily values of its
 * (profile, day[, breakdown key]) units with the metric's aggregation: `sum` adds them, `avg`
 * takes their mean. Cells without units are 0.
 */
import { catalogs } from '../catalog/catalogs.js';
import type { Metric } from '../shared/catalog-types.js';
import { formatDayNumber, monthLabel, weekStart } from '../calendar/days.js';
import { accountProfiles, checkHistory, checkInsights, checkRules, dateRange, requireObject, type CheckContext } from './checks.js';
import { checkAnswerSize, checkDailyValues } from './bounds.js';
import { EXTRA_DIMENSION_KEYS, nameHash, v1Value, v2Value } from './values.js';

function metricCatalog(ctx: CheckContext): readonly Metric[] {
  return (catalogs[`v${ctx.version}`].metrics as Record<string, readonly Metric[]>)[ctx.network] ?? [];
}

/** The catalog entries of requested metric names (the names passed checkRules). */
function knownMetrics(names: string[], ctx: CheckContext): Metric[] {
  const catalog = metricCatalog(ctx);
  return names.map((n) => catalog.find((m) => m.name === n)!);
}

/** `names` without repeats, each at its first place. */
const distinct = (names: string[]): string[] => [...new Set(names)];

/**
 * The checked parts of a metrics request of either version: the body, requested metric names
 * and entries, the day range and the account's profiles. Throws MockFailure in the order the
 * mock answers: rules (3/4), account profiles (5), history (6), insights (7).
 */
function metricsQuery(rawBody: unknown, ctx: CheckContext, operation: string) {
  const body = requireObject(rawBody);
  checkRules(operation, body, ctx);
  // A name given twice is one requested profile or metric: answered once, at its first place
  // (v1: "one element per requested profile"; v2: one metric row per requested metric).
  const names = distinct(body.metrics as string[]);
  const metrics = knownMetrics(names, ctx);
  const [start, end] = dateRange(body);
  const profiles = accountProfiles(distinct(body.profiles as string[]), ctx);
  checkHistory(start, ctx);
  checkInsights(names, profiles, operation, ctx.version);
  return { body, names, metrics, start, end, profiles };
}

/** Answers a v1 metrics request: `profiles[].data[]` day records. */
export function answerMetricsV1(rawBody: unknown, ctx: CheckContext, seed: number, operation: string): unknown {
  const { metrics, start, end, profiles } = metricsQuery(rawBody, ctx, operation);
  checkAnswerSize(profiles.length * (end - start + 1) * metrics.length);
  return {
    success: true,
    profiles: profiles.map((p) => {
      const data: Record<string, unknown>[] = [];
      for (let day = start; day <= end; day++) {
        const record: Record<string, unknown> = { date: `${formatDayNumber(day)} 00:00:00` };
        for (const m of metrics) record[m.name] = v1Value(seed, p.hash, m.name, m.type, day);
        data.push(record);
      }
      return { id: p.id, data };
    }),
  };
}

/** Answers a v2 metrics request: the header/data matrix. */
export function answerMetricsV2(rawBody: unknown, ctx: CheckContext, seed: number, operation: string): unknown {
  const { body, names, metrics, start, end, profiles } = metricsQuery(rawBody, ctx, operation);
  const dims = ((body.dimensions ?? []) as { type: string }[]).map((d) => d.type);
  const extraIndex = dims.findIndex((t) => !t.startsWith('date.') && t !== 'profile' && t !== 'profile_label');
  const keyCount = extraIndex >= 0 ? (EXTRA_DIMENSION_KEYS[dims[extraIndex]] ?? []).length : 1;
  const units = dims.includes('profile_label') ? profiles.reduce((n, p) => n + p.profile_labels.length, 0) : profiles.length;
  checkDailyValues(units * (end - start + 1) * keyCount * metrics.length);

  const days = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  const weeks = [...new Set(days.map(weekStart))];
  const months = [...new Set(days.map(monthLabel))];
  const labels = ctx.account.profileLabels.map((l) => l.name).filter((name) => profiles.some((p) => p.profile_labels.includes(name)));
  const rows = dims.map((type): string[] => {
    if (type === 'date.day') return days.map(formatDayNumber);
    if (type === 'date.week') return weeks.map(formatDayNumber);
    if (type === 'date.month') return months;
    if (type === 'profile') return profiles.map((p) => p.id);
    if (type === 'profile_label') return labels;
    return EXTRA_DIMENSION_KEYS[type] ?? [];
  });
  const header = [...dims.map((type, i) => ({ type, rows: rows[i] })), { type: 'metric', rows: names }];
  const sizes = [...rows.map((r) => r.length), metrics.length];
  const strides = sizes.map((_, i) => sizes.slice(i + 1).reduce((a, b) => a * b, 1));
  const total = sizes.reduce((a, b) => a * b, 1);
  checkAnswerSize(total);
  const sums = new Float64Array(total);
  const counts = new Uint32Array(total);
  const keyHashes = extraIndex >= 0 ? rows[extraIndex].map(nameHash) : [0];
  const metricHashes = metrics.map((m) => nameHash(m.name));
  const labelIndex = new Map(labels.map((l, i) => [l, i]));
  const weekIndex = new Map(weeks.map((w, i) => [w, i]));
  const monthIndex = new Map(months.map((m, i) => [m, i]));

  profiles.forEach((p, pi) => {
    const labelRows = p.profile_labels.map((l) => labelIndex.get(l)!).filter((i) => i !== undefined);
    for (const day of days) {
      // Offsets of the cells this (profile, day) unit falls in, the extra dimension left out:
      // each daily value is computed once and added to each of them.
      let bases = [0];
      dims.forEach((type, d) => {
        if (d === extraIndex) return;
        let options: number[];
        if (type === 'date.day') options = [day - start];
        else if (type === 'date.week') options = [weekIndex.get(weekStart(day))!];
        else if (type === 'date.month') options = [monthIndex.get(monthLabel(day))!];
        else if (type === 'profile') options = [pi];
        else options = labelRows;
        bases = bases.flatMap((off) => options.map((o) => off + o * strides[d]));
      });
      for (let key = 0; key < keyHashes.length; key++) {
        const keyOffset = extraIndex >= 0 ? key * strides[extraIndex] : 0;
        for (let mi = 0; mi < metrics.length; mi++) {
          const value = v2Value(seed, p.hash, metricHashes[mi], day, keyHashes[key]);
          for (const base of bases) {
            sums[base + keyOffset + mi] += value;
            counts[base + keyOffset + mi]++;
          }
        }
      }
    }
  });
  const last = sizes.length - 1;
  const build = (depth: number, offset: number): unknown[] => {
    const out = new Array(sizes[depth]);
    for (let i = 0; i < sizes[depth]; i++) {
      const at = offset + i * strides[depth];
      if (depth === last) out[i] = counts[at] === 0 ? 0 : metrics[i].aggregation === 'avg' ? sums[at] / counts[at] : sums[at];
      else out[i] = build(depth + 1, at);
    }
    return out;
  };
  return { success: true, header, data: build(0, 0) };
}
