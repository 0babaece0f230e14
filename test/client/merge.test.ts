/**
 * The merge of split metrics answers, part by part: the parts answered by the mock's own handlers
 * (in process, no server) merge into exactly its answer to the unsplit request, for random grids
 * of profiles, metrics, ranges and dimensions; and every answer that does not fit its part (a row
 * it did not ask for, a day outside its dates, a cell that is no number, a cell missing or answered
 * twice, a header or data of another shape) is a MergeError naming that part, never a merged answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operations, type OperationInfo } from '../../generated/operations.js';
import { dayNumber, formatDayNumber } from '../../src/calendar/days.js';
import { catalogs } from '../../src/catalog/catalogs.js';
import { MergeError, planMetricsSplit, type SplitPlan } from '../../src/client/index.js';
import { mergeMetricsAnswers } from '../../src/client/merge.js';
import { unionRows } from '../../src/client/merge-v2.js';
import { Redactor } from '../../src/client/redact.js';
import { buildAccount } from '../../src/mock/account.js';
import { answer, type HandlerState } from '../../src/mock/handlers.js';
import { profileIds } from './support/requests.js';

const state: HandlerState = { account: buildAccount(), seed: 3, limits: false, historyStart: dayNumber('2015-01-01')! };
const PROFILES = profileIds(state.account, 'facebook', true);
const opAt = (path: string) => (operations as readonly OperationInfo[]).find((o) => o.method === 'POST' && o.path === path)!;

type Body = Record<string, unknown> & { date_start: string; date_end: string; profiles: string[]; metrics: string[] };
interface V2Answer {
  header: { type: string; rows: unknown[] }[];
  data: unknown[];
}
interface V1Answer {
  profiles: { id: unknown; data: Record<string, unknown>[] }[];
}

/** The mock's answer to a body, as parsed JSON. */
const answered = (path: string, body: unknown) => JSON.parse(JSON.stringify(answer(opAt(path), body, state)));

function split(path: string, body: Body) {
  const plan = planMetricsSplit({ method: 'POST', path, body });
  return { plan, answers: plan.parts.map((p) => answered(path, p.request.body)) };
}

/** The MergeError of a merge, with its part's place in the plan. */
function mergeError(plan: SplitPlan, answers: unknown[], redactor?: Redactor): MergeError & { part: number } {
  try {
    mergeMetricsAnswers(plan, answers, redactor);
  } catch (error) {
    if (!(error instanceof MergeError)) throw error;
    return Object.assign(error, { part: plan.parts.findIndex((p) => p.chunk === error.chunk) });
  }
  throw new Error('merged');
}

const v2Path = '/2/facebook/metrics';
const v1Path = '/1/facebook/metrics';
const v2Body = (body: Partial<Body>): Body => ({ date_start: '2025-01-01', date_end: '2025-05-31', profiles: PROFILES.slice(0, 30), metrics: ['fans_change'], ...body });

describe('a split answer merges into the unsplit answer', () => {
  it('v2, random grids of profiles, metrics, ranges and date and profile dimensions', { timeout: 60_000 }, () => {
    const sums = ['fans_change', 'insights_fan_adds', 'insights_fan_removes', 'insights_impressions'];
    const averages = ['fans_lifetime'];
    const dimensionSets = [[], [{ type: 'profile' }], [{ type: 'date.day' }], [{ type: 'date.week' }, { type: 'profile' }], [{ type: 'profile' }, { type: 'date.month' }], [{ type: 'date.month' }]];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 55 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 200 }),
        fc.constantFrom(...dimensionSets),
        fc.subarray([...sums, ...averages], { minLength: 1 }),
        (profiles, startOffset, length, dimensions, metrics) => {
          const start = dayNumber('2024-01-01')! + startOffset;
          const body = v2Body({ date_start: formatDayNumber(start), date_end: formatDayNumber(start + length), profiles: PROFILES.slice(0, profiles), metrics, dimensions });
          let plan: SplitPlan;
          try {
            plan = planMetricsSplit({ method: 'POST', path: v2Path, body });
          } catch {
            return; // refused: no exact merge (avg metrics summed), covered by the split plan's tests
          }
          const answers = plan.parts.map((p) => answered(v2Path, p.request.body));
          expect(mergeMetricsAnswers(plan, answers)).toEqual(answered(v2Path, body));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('v1: profiles in request order, days in date order, each record the metrics of every part', () => {
    // 27 profiles x 26 metrics over 3 days (a grid of 2 x 2), then 2 x 2 over 200 days (3 ranges).
    const metrics = catalogs.v1.metrics.facebook.map((m) => m.name).slice(0, 26);
    const grid = { date_start: '2025-02-27', date_end: '2025-03-01', profiles: PROFILES.slice(0, 27), metrics };
    const ranges = { date_start: '2025-02-20', date_end: '2025-09-07', profiles: PROFILES.slice(0, 2), metrics: metrics.slice(0, 2) };
    for (const [body, parts] of [[grid, 4], [ranges, 3]] as const) {
      const { plan, answers } = split(v1Path, body);
      expect(plan.parts).toHaveLength(parts);
      expect(mergeMetricsAnswers(plan, answers)).toEqual(answered(v1Path, body));
    }
  });

  it('one part: its answer as it is', () => {
    const body = v2Body({ date_end: '2025-01-31', profiles: PROFILES.slice(0, 3) });
    const { plan, answers } = split(v2Path, body);
    expect(plan.parts).toHaveLength(1);
    expect(mergeMetricsAnswers(plan, answers)).toBe(answers[0]);
  });

  it('adds the cells of profile groups where the answer sums profiles', () => {
    const { plan, answers } = split(v2Path, v2Body({ date_end: '2025-01-03', dimensions: [{ type: 'date.day' }] }));
    expect(plan.adds).toBe(true);
    const merged = mergeMetricsAnswers(plan, answers) as V2Answer;
    const parts = answers as V2Answer[];
    expect(merged.data).toEqual(parts[0].data.map((day, d) => (day as number[]).map((v, m) => v + (parts[1].data[d] as number[])[m])));
  });
});

describe('an answer that does not fit its part is a MergeError naming the part', () => {
  /** A 2 x 2 grid: two profile groups (15 each) x January-March and April-May, months and profiles as rows. */
  const grid = () => split(v2Path, v2Body({ dimensions: [{ type: 'date.month' }, { type: 'profile' }] }));

  it('a header of other types, another length or without rows', () => {
    const cases: [(a: V2Answer) => void, string][] = [
      [(a) => (a.header[1].type = 'profile_label'), '"date.month, profile_label, metric"'],
      [(a) => a.header.pop(), '"date.month, profile"'],
      [(a) => a.header.push({ type: 'metric', rows: [] }), '"date.month, profile, metric, metric"'],
      [(a) => ((a.header[0] as { rows: unknown }).rows = 'all'), '"date.month, profile, metric"'],
      [(a) => ((a as { header: unknown }).header = { type: 'metric' }), '"none"'],
      [(a) => ((a.header as unknown[])[0] = null), '"undefined, profile, metric"'],
    ];
    for (const [tamper, got] of cases) {
      const { plan, answers } = grid();
      tamper(answers[3]);
      const error = mergeError(plan, answers);
      expect(error.part).toBe(3);
      expect(error.reason).toBe(`its header is not date.month, profile, metric with rows (got ${got})`);
    }
  });

  it('a metric, profile, day, week or month the part did not ask for', () => {
    const other = PROFILES[40];
    const { plan, answers } = grid();
    answers[1].header[1].rows[2] = other;
    expect(mergeError(plan, answers)).toMatchObject({ part: 1, reason: `it answers profile "${other}", which the part did not ask for` });
    const metric = grid();
    metric.answers[2].header[2].rows[0] = 'insights_fan_adds';
    expect(mergeError(metric.plan, metric.answers)).toMatchObject({ part: 2, reason: 'it answers metric "insights_fan_adds", which the part did not ask for' });
    // The months of the part, and no other: March for April-May, June, a month spelled as a day.
    for (const [part, row] of [[2, '2025-03'], [0, '2025-04'], [3, '2025-06'], [0, '2024-12'], [1, '2025-01-01'], [1, 202501]] as const) {
      const { plan: p, answers: a } = grid();
      a[part].header[0].rows[0] = row;
      expect(mergeError(p, a), String(row)).toMatchObject({ part, reason: `it answers date.month ${JSON.stringify(String(row))}, outside the part's dates` });
    }
    // Days: the first and last day of a part are its own, the day before and after are not.
    const days = split(v2Path, v2Body({ date_start: '2025-01-30', date_end: '2025-05-02', profiles: PROFILES.slice(0, 3), dimensions: [{ type: 'date.day' }] }));
    expect(days.plan.parts.map((p) => `${p.chunk.dateStart}..${p.chunk.dateEnd}`)).toEqual(['2025-01-30..2025-04-29', '2025-04-30..2025-05-02']);
    expect(mergeMetricsAnswers(days.plan, days.answers)).toEqual(answered(v2Path, days.plan.body));
    for (const [part, row] of [[0, '2025-01-29'], [0, '2025-04-30'], [1, '2025-04-29'], [1, '2025-05-03']] as const) {
      const { plan: p, answers: a } = split(v2Path, days.plan.body as Body);
      a[part].header[0].rows[part === 0 ? 0 : a[part].header[0].rows.length - 1] = row;
      expect(mergeError(p, a), row).toMatchObject({ part, reason: `it answers date.day "${row}", outside the part's dates` });
    }
    // Weeks: a part's first week may begin before its first day (the Monday of that week), not a week earlier.
    const weeks = split(v2Path, v2Body({ date_start: '2025-01-01', date_end: '2025-05-02', profiles: PROFILES.slice(0, 3), dimensions: [{ type: 'date.week' }] }));
    expect(weeks.answers[0].header[0].rows[0]).toBe('2024-12-30');
    expect(mergeMetricsAnswers(weeks.plan, weeks.answers)).toEqual(answered(v2Path, weeks.plan.body));
    const early = split(v2Path, weeks.plan.body as Body);
    early.answers[0].header[0].rows[0] = '2024-12-23';
    expect(mergeError(early.plan, early.answers)).toMatchObject({ part: 0, reason: `it answers date.week "2024-12-23", outside the part's dates` });
    expect(early.plan.parts[0].chunk).toMatchObject({ dateStart: '2025-01-01', dateEnd: '2025-03-30' });
  });

  it('a cell that is not a number, data nested otherwise, more cells than rows', () => {
    const cases: [(a: V2Answer) => void, string][] = [
      [(a) => (((a.data[0] as unknown[])[1] as unknown[])[0] = '7'), `it holds a value that is not a number at "2025-04 / ${PROFILES[1]} / fans_change"`],
      [(a) => (((a.data[1] as unknown[])[0] as unknown[])[0] = null), `it holds a value that is not a number at "2025-05 / ${PROFILES[0]} / fans_change"`],
      [(a) => ((a.data[0] as unknown[])[0] = 5), 'its data is not nested 3 levels deep'],
      [(a) => ((a as { data: unknown }).data = { '2025-04': [] }), 'its data is not nested 3 levels deep'],
      [(a) => a.data.push(a.data[0]), 'it has more date.month cells than header rows'],
      [(a) => ((a.data[0] as unknown[][])[0] as unknown[]).push(1), 'it has more metric cells than header rows'],
    ];
    for (const [tamper, reason] of cases) {
      const { plan, answers } = grid();
      tamper(answers[2]);
      expect(mergeError(plan, answers), reason).toMatchObject({ part: 2, reason });
    }
  });

  it('a cell two parts answer where nothing adds, and a cell no part answers (named by the part that should have)', () => {
    const twice = grid();
    twice.answers[1].header[1].rows[0] = PROFILES[16];
    expect(mergeError(twice.plan, twice.answers)).toMatchObject({ part: 1, reason: `it answers the cell "2025-01 / ${PROFILES[16]} / fans_change", which another part answers too` });
    const missing = grid();
    missing.answers[3].header[1].rows.pop();
    for (const month of missing.answers[3].data as unknown[][]) month.pop();
    expect(mergeError(missing.plan, missing.answers)).toMatchObject({ part: 3, reason: `no answer holds the cell "2025-04 / ${PROFILES[29]} / fans_change" (the parts answered different date.month, profile rows)` });
    // A shorter data list than its header: the cells it leaves out are missing too.
    const short = grid();
    (short.answers[0].data as unknown[][])[2].pop();
    expect(mergeError(short.plan, short.answers)).toMatchObject({ part: 0, reason: `no answer holds the cell "2025-03 / ${PROFILES[14]} / fans_change" (the parts answered different date.month, profile rows)` });
  });

  it('v1: a profile, a record outside the part\'s dates, no list; the part\'s first and last days are its own', () => {
    const body = { date_start: '2025-01-01', date_end: '2025-04-30', profiles: PROFILES.slice(0, 30), metrics: ['comments'] };
    const parts = () => split(v1Path, body);
    const { plan, answers } = parts();
    expect(plan.parts.map((p) => `${p.chunk.profiles.length} ${p.chunk.dateStart}..${p.chunk.dateEnd}`)).toEqual(['15 2025-01-01..2025-03-31', '15 2025-01-01..2025-03-31', '15 2025-04-01..2025-04-30', '15 2025-04-01..2025-04-30']);
    const first = (answers[2] as V1Answer).profiles[0].data;
    expect([first[0].date, first.at(-1)!.date]).toEqual(['2025-04-01 00:00:00', '2025-04-30 00:00:00']);
    expect(mergeMetricsAnswers(plan, answers)).toEqual(answered(v1Path, body));
    const cases: [number, (a: V1Answer) => void, string][] = [
      [1, (a) => (a.profiles[0].id = PROFILES[0]), `it answers profile "${PROFILES[0]}", which the part did not ask for`],
      [1, (a) => (a.profiles[0].id = 7), 'it answers profile "7", which the part did not ask for'],
      [0, (a) => ((a as { profiles: unknown }).profiles = {}), 'the answer has no "profiles" list'],
      [0, (a) => ((a.profiles[3] as { data: unknown }).data = null), `profile "${PROFILES[3]}" has no "data" list`],
      [2, (a) => (a.profiles[0].data[0].date = '2025-03-31 00:00:00'), `profile "${PROFILES[0]}" has a record for "2025-03-31 00:00:00", outside the part's dates`],
      [0, (a) => (a.profiles[0].data.at(-1)!.date = '2025-04-01 00:00:00'), `profile "${PROFILES[0]}" has a record for "2025-04-01 00:00:00", outside the part's dates`],
      [3, (a) => (a.profiles[0].data[0].date = 20250401), `profile "${PROFILES[15]}" has a record for "20250401", outside the part's dates`],
      [1, (a) => ((a.profiles as unknown[])[2] = null), 'it answers profile "undefined", which the part did not ask for'],
      [2, (a) => ((a.profiles[1].data as unknown[])[0] = null), `profile "${PROFILES[1]}" has a record for "undefined", outside the part's dates`],
    ];
    for (const [part, tamper, reason] of cases) {
      const again = parts();
      tamper(again.answers[part] as V1Answer);
      expect(mergeError(again.plan, again.answers), reason).toMatchObject({ part, reason });
    }
    expect(() => mergeMetricsAnswers(plan, [null, ...answers.slice(1)])).toThrow('the answer has no "profiles" list');
  });

  it('quotes a value of the answer redacted and cut: never a credential, never a whole long text', () => {
    const { plan, answers } = grid();
    const secret = 'S3cr3t+/Key9';
    answers[1].header[1].rows[0] = `token:${secret}`;
    const redacted = mergeError(plan, answers, new Redactor('token', secret));
    expect(redacted.reason).toBe('it answers profile "[redacted]", which the part did not ask for');
    const long = grid();
    long.answers[1].header[1].rows[0] = 'x'.repeat(500);
    const cut = mergeError(long.plan, long.answers);
    expect(cut.reason).toBe(`it answers profile "${'x'.repeat(200)}... (300 more characters)", which the part did not ask for`);
    const cutRedacted = mergeError(long.plan, long.answers, new Redactor('token', secret));
    expect(cutRedacted.reason).toBe(cut.reason);
  });
});

describe('the rows of a dimension the parts answer differently', () => {
  it('are each row once, in an order that keeps every part\'s own order when the parts agree', () => {
    const rows = fc.uniqueArray(fc.constantFrom(...'abcdefghij'), { minLength: 1, maxLength: 10 });
    fc.assert(
      fc.property(rows, fc.array(fc.func(fc.boolean()), { minLength: 1, maxLength: 4 }), (order, keeps) => {
        // Each part answers a subsequence of one order (a week or month its range lacks left out).
        const lists = keeps.map((keep) => order.filter((row) => keep(row)));
        const union = unionRows(lists);
        expect([...union].sort()).toEqual([...new Set(lists.flat())].sort());
        for (const list of lists) expect(union.filter((row) => list.includes(row))).toEqual(list);
      }),
    );
    fc.assert(
      fc.property(fc.array(rows, { minLength: 1, maxLength: 4 }), (lists) => {
        // Parts that disagree (no order keeps them all): still each row once.
        expect([...unionRows(lists)].sort()).toEqual([...new Set(lists.flat())].sort());
      }),
    );
    expect(unionRows([['b', 'a'], ['a', 'b']])).toEqual(['b', 'a']);
    expect(unionRows([['x', 'x', 'y'], ['y', 'z']])).toEqual(['x', 'y', 'z']);
  });
});
