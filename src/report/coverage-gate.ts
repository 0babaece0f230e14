/**
 * `validate --min-coverage KIND=PERCENT[,KIND=PERCENT...]`: the run fails (exit 1) when the share
 * of the catalog its captures exercised is below a threshold. A kind adds up its counts over every
 * network (metrics, post fields, dimensions) or operation (statuses, error codes).
 */
import { COVERAGE_KINDS, type Coverage, type CoverageCount, type CoverageKind, type CoverageShortfall } from './report-types.js';

export type CoverageMinimums = Partial<Record<CoverageKind, number>>;

const isKind = (name: string): name is CoverageKind => (COVERAGE_KINDS as readonly string[]).includes(name);

/** Reads `KIND=PERCENT[,...]` into `minimums`; returns what is wrong with it, if anything. */
export function readMinCoverage(value: string | undefined, minimums: CoverageMinimums): string | undefined {
  const usage = `(KIND=PERCENT, KIND one of ${COVERAGE_KINDS.join(', ')}, PERCENT from 0 to 100; several separated by commas)`;
  if (!value) return `--min-coverage needs thresholds ${usage}`;
  for (const part of value.split(',')) {
    const [kind, percent, ...rest] = part.split('=');
    if (!isKind(kind)) return `--min-coverage: unknown kind ${JSON.stringify(kind)} ${usage}`;
    const min = /^\d{1,3}(\.\d+)?$/.test(percent ?? '') && !rest.length ? Number(percent) : NaN;
    if (!(min <= 100)) return `--min-coverage: ${kind} needs a percent from 0 to 100, got ${JSON.stringify(part.slice(kind.length + 1))}`;
    minimums[kind] = min;
  }
  return undefined;
}

const sum = (counts: Record<string, CoverageCount>) => Object.values(counts).reduce((s, c) => ({ exercised: s.exercised + c.exercised.length, total: s.total + c.total }), { exercised: 0, total: 0 });

/** Exercised and total per kind, added up. */
export function coverageTotals(c: Coverage): Record<CoverageKind, { exercised: number; total: number }> {
  return {
    operations: { exercised: c.operations.exercised.length, total: c.operations.total },
    metrics: sum(c.metrics),
    fields: sum(c.postFields),
    dimensions: sum(c.dimensions),
    statuses: sum(c.statuses),
    'error-codes': sum(c.errorCodes),
  };
}

/** The kinds below their threshold, in the order of COVERAGE_KINDS (a kind with nothing in the catalog is covered). */
export function coverageShortfalls(c: Coverage, minimums: CoverageMinimums): CoverageShortfall[] {
  const totals = coverageTotals(c);
  return COVERAGE_KINDS.flatMap((kind) => {
    const min = minimums[kind];
    const { exercised, total } = totals[kind];
    return min !== undefined && total > 0 && exercised * 100 < min * total ? [{ kind, exercised, total, min }] : [];
  });
}

/** Percent with one decimal, rounded down (so a share below its threshold never reads as equal to it). */
const percentText = (exercised: number, total: number) => `${Math.floor((exercised * 1000) / total) / 10}%`;

/** The message of a run below its thresholds: one line per kind. */
export function shortfallText(shortfalls: readonly CoverageShortfall[]): string {
  return ['coverage below --min-coverage:', ...shortfalls.map((s) => `  ${s.kind}: ${percentText(s.exercised, s.total)} (${s.exercised} of ${s.total}), below ${s.min}%`)].join('\n');
}
