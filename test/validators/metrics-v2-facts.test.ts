/**
 * The fast answers of the version 2 metrics harness (src/validators/checks/metrics-v2.ts) never
 * change what the rules find: on generated bodies and requests, the rules given the harness's
 * facts list exactly the problems they list when told that no fast answer holds (every rule then
 * walks the body in full), with and without what is remembered of the request, the memory made
 * by another body first; a body holding all the common answers is checked by the rules those
 * answers do not settle alone, and they find the same. The skip is the rules' own: each rule
 * naming the fact that settles it finds nothing, walking the body in full, on every body for
 * which the harness finds that fact, and every rule naming none runs on the fast path.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProblemList } from '../../src/core/problems/problem-list.js';
import { metricsOf } from '../../src/validators/catalog-facts.js';
import { checkMetricsV2, METRICS_V2_RULES, metricsV2Facts } from '../../src/validators/checks/metrics-v2.js';
import { RememberedRequest } from '../../src/validators/checks/request-memo.js';
import { metricsV2Rules } from '../../src/validators/rules/metrics-v2.js';
import { checkOf, RuleRun, ruleList, runRules, settledByOf, type RuleEntry } from '../../src/validators/rules/rule-table.js';
import type { HeaderElement } from '../../src/validators/facts/metrics-v2-body.js';
import type { MetricsV2Facts } from '../../src/validators/rules/metrics-v2.js';
import type { RuleId } from '../../src/core/rules.js';

const RULES = ruleList(metricsV2Rules);

/** The problems the rules list for `body`, with the harness's fast answers or (`slow`) without any. */
function problems(network: string, body: Record<string, unknown>, request: Record<string, unknown> | undefined, known: RememberedRequest | undefined, slow: boolean) {
  const list = new ProblemList({ strict: true });
  if (!slow) checkMetricsV2(list, body, request, network, false, known);
  else {
    const found = metricsV2Facts(body, request, network, false, known, metricsOf(2, network));
    if (found) runRules(new RuleRun(list), RULES, found.header, -1, { ...found.facts, dataHolds: false, metricRowsHold: false });
  }
  return list.all();
}

interface Element {
  type: string;
  rows: unknown[];
}

/** `data` nested as `header` says, numbers innermost. */
const fitting = (header: Element[], depth = 0): unknown[] => header[depth].rows.map(() => (depth === header.length - 1 ? 1 : fitting(header, depth + 1)));

/**
 * A body and request of `network`: metric rows of catalog names (some repeated), unknown names and
 * non-strings; profile and day rows in and out of the request; `data` nested as the header says or
 * not; requests asking for the header's dimensions and rows, or for others.
 */
function cases(network: string) {
  const names = [...metricsOf(2, network).keys()];
  const row = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...names.slice(0, 12)) }, { weight: 1, arbitrary: fc.constantFrom('not_a_metric', 'fans', '') }, { weight: 1, arbitrary: fc.constantFrom<unknown>(7, null) });
  const rows = fc.oneof(fc.uniqueArray(fc.constantFrom(...names), { maxLength: 14 }), fc.array(row, { maxLength: 14 }));
  const metric = rows.map((r): Element => ({ type: 'metric', rows: r as unknown[] }));
  const dimension = fc.oneof(
    fc.constantFrom<unknown[]>(['p1', 'p2'], ['p1'], ['p1', 'p3'], []).map((r): Element => ({ type: 'profile', rows: r })),
    fc.constantFrom<unknown[]>(['2025-01-31'], ['2025-01-01', '2025-01-31'], ['2025-01-01'], ['2025-02-05', '2025-01-31'], ['2025-13-01'], []).map((r): Element => ({ type: 'date.day', rows: r })),
    fc.constant<Element>({ type: 'gender_age', rows: ['F.18-24'] }),
  );
  const header = fc.oneof(
    { weight: 3, arbitrary: fc.tuple(fc.array(dimension, { maxLength: 2 }), metric).map(([dims, m]) => [...dims, m]) },
    { weight: 1, arbitrary: fc.array(fc.oneof(metric, dimension), { minLength: 1, maxLength: 3 }) },
  );
  const data = fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.array(fc.oneof(fc.integer(), fc.array(fc.integer(), { maxLength: 3 })), { maxLength: 14 }) });
  const request = fc.oneof(
    fc.constant(undefined),
    fc.record({
      metricsFrom: fc.constantFrom('rows', 'rows', 'other', 'none'),
      other: fc.array(row, { maxLength: 14 }),
      dimensions: fc.constantFrom<unknown[] | 'header'>('header', 'header', [], [{ type: 'profile' }], [{ type: 'date.day' }]),
    }),
  );
  return fc.record({ header, data, request }).map(({ header, data, request }) => {
    const body: Record<string, unknown> = { success: true, header, data: data ?? fitting(header) };
    const metricRows = header.find((el) => el.type === 'metric')?.rows ?? [];
    const asked = request && {
      profiles: ['p1', 'p2'],
      date_start: '2025-01-01',
      date_end: '2025-01-31',
      // A copy: the request's list is another array, with other strings, than the body's rows.
      ...(request.metricsFrom === 'none' ? {} : { metrics: request.metricsFrom === 'rows' ? JSON.parse(JSON.stringify(metricRows)) : request.other }),
      dimensions: request.dimensions === 'header' ? header.filter((el) => el.type !== 'metric').map((el) => ({ type: el.type })) : request.dimensions,
    };
    return { body, request: asked };
  });
}

describe('the v2 metrics harness', () => {
  it.each(['facebook', 'linkedin'])('%s: the fast answers list the same problems as the rules walking every body in full', (network) => {
    let checked = 0;
    let held = 0;
    let common = 0;
    let commonBroken = 0;
    fc.assert(
      fc.property(cases(network), cases(network), ({ body, request }, other) => {
        const slow = problems(network, body, request, undefined, true);
        expect(problems(network, body, request, undefined, false)).toEqual(slow);
        if (request) {
          // Remembered: first made by this body, then by another body with the same request.
          const known = new RememberedRequest(undefined);
          expect(problems(network, body, request, known, false)).toEqual(slow);
          expect(problems(network, body, request, known, false)).toEqual(slow);
          const first = new RememberedRequest(undefined);
          problems(network, other.body, request, first, false);
          expect(problems(network, body, request, first, false)).toEqual(slow);
          expect(problems(network, body, request, first, true)).toEqual(slow);
        }
        checked++;
        const facts = metricsV2Facts(body, request, network, false, undefined, metricsOf(2, network))?.facts;
        if (facts?.metricRowsHold) held++;
        if (facts && METRICS_V2_RULES.holdsCommonAnswer(facts)) {
          common++;
          if (slow.length > 0) commonBroken++;
        }
      }),
      { seed: 36, numRuns: 600 },
    );
    // Both answers were met often: the fast one and the one the rules walk.
    expect(held).toBeGreaterThan(checked / 5);
    expect(checked - held).toBeGreaterThan(checked / 5);
    // The common answer was met often, and with problems of the rules it does not settle.
    expect(common).toBeGreaterThan(checked / 10);
    expect(commonBroken).toBeGreaterThanOrEqual(5);
  });

  it('skips a rule only where the rule names the fact that settles it, and that fact does settle it', () => {
    const entries = Object.entries(metricsV2Rules) as [RuleId, RuleEntry<HeaderElement[], MetricsV2Facts>][];
    const settled = entries.filter(([, entry]) => settledByOf(entry) !== undefined);
    const unsettled = entries.filter(([, entry]) => settledByOf(entry) === undefined).map(([id]) => id);
    expect(settled.length).toBeGreaterThan(0);
    expect(unsettled.length).toBeGreaterThan(0);
    // The fast path runs exactly the rules naming no fact, in table order; the other path all of them.
    expect(METRICS_V2_RULES.beyondCommonAnswer.map(([id]) => id)).toEqual(unsettled);
    expect(METRICS_V2_RULES.all.map(([id]) => id)).toEqual(entries.map(([id]) => id));
    expect(METRICS_V2_RULES.commonAnswer).toEqual([...new Set(settled.map(([, entry]) => settledByOf(entry)))]);
    // Each named fact settles its rule: on every generated body for which the harness finds the
    // fact, the rule walking the body in full (no fast answer) finds nothing.
    const met = new Map<string, number>();
    const common = { bodies: 0 };
    for (const network of ['facebook', 'linkedin']) {
      fc.assert(
        fc.property(cases(network), ({ body, request }) => {
          const found = metricsV2Facts(body, request, network, false, undefined, metricsOf(2, network));
          if (!found) return;
          const slow = { ...found.facts, dataHolds: false, metricRowsHold: false };
          const holds = METRICS_V2_RULES.holdsCommonAnswer(found.facts);
          if (holds) common.bodies++;
          expect(METRICS_V2_RULES.rulesFor(found.facts)).toBe(holds ? METRICS_V2_RULES.beyondCommonAnswer : METRICS_V2_RULES.all);
          for (const [id, entry] of settled) {
            if (found.facts[settledByOf(entry)!] !== true) continue;
            met.set(id, (met.get(id) ?? 0) + 1);
            const list = new ProblemList({ strict: true });
            const run = new RuleRun(list);
            run.rule = id;
            checkOf(entry)(run, found.header, -1, slow);
            expect(list.all(), `${id} on ${JSON.stringify({ body, request })}`).toEqual([]);
          }
        }),
        { seed: 46, numRuns: 400 },
      );
    }
    // Every declaring rule met its fact often, and bodies holding the whole common answer too.
    for (const [id] of settled) expect(met.get(id) ?? 0, id).toBeGreaterThan(50);
    expect(common.bodies).toBeGreaterThan(50);
  });

  it('finds a repeated or unknown metric row past the few rows compared pairwise, with the requested metrics remembered', () => {
    const names = [...metricsOf(2, 'facebook').keys()].slice(0, 12);
    const known = new RememberedRequest(undefined);
    const request = { profiles: ['p1'], date_start: '2025-01-01', date_end: '2025-01-01', metrics: names, dimensions: [] };
    const check = (rows: string[]) => {
      const list = new ProblemList();
      checkMetricsV2(list, { success: true, header: [{ type: 'metric', rows }], data: rows.map(() => 1) }, request, 'facebook', true, known);
      return list.all().map((p) => `${p.rule} ${p.place}`);
    };
    expect(check(names)).toEqual([]);
    expect(check([...names.slice(0, 11), names[3]])).toEqual(['v2.metrics.metric-rows-unique /header/0/rows/11', 'v2.metrics.requested-metrics /header/0/rows']);
    expect(check([...names.slice(0, 11), 'fans'])).toEqual(['v2.metrics.metric-rows /header/0/rows/11', 'v2.metrics.requested-metrics /header/0/rows/11', 'v2.metrics.requested-metrics /header/0/rows']);
    // The request asks for a repeated metric: rows equal to it are checked, not taken as known.
    const twice = { ...request, metrics: [...names, names[0]] };
    const list = new ProblemList();
    checkMetricsV2(list, { success: true, header: [{ type: 'metric', rows: [...names, names[0]] }], data: [...names, names[0]].map(() => 1) }, twice, 'facebook', true, new RememberedRequest(undefined));
    expect(list.all().map((p) => `${p.rule} ${p.place}`)).toEqual(['v2.metrics.metric-rows-unique /header/0/rows/12']);
  });
});
