/**
 * Days of an answer on either side of the requested range, and a request's range at its edges:
 * a row or record one day before `date_start` or after `date_end` is reported, one on either end
 * is not; a range reversed by one day is refused, a range of one day is not; the 3-month limit
 * holds on its latest `date_end` and breaks one day later (inferred up to date_start plus three
 * calendar months, stated past it).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/calendar/days.js';
import { maxDateEnd, statedMaxDateEnd } from '../../src/calendar/range-limit.js';
import { checkRequest } from '../../src/request-checks/check.js';
import { validateResponse } from '../../src/validators/index.js';

const START = '2026-01-10';
/** A requested range of 0 to 30 days after START, and a day from 3 before it to 3 after its end. */
const cases = fc.record({ length: fc.nat(30), at: fc.integer({ min: -3, max: 33 }) }).map(({ length, at }) => ({ end: addDays(START, length), day: addDays(START, Math.min(at, length + 3)) }));
const outside = (day: string, end: string) => day < START || day > end;

describe('answer days on either side of the requested range', () => {
  it('v2 date.day rows: a row outside the range is reported, one inside or on an end is not', () => {
    fc.assert(
      fc.property(cases, ({ end, day }) => {
        const rows = day === end ? [end] : [day, end];
        const request = { date_start: START, date_end: end, profiles: ['p1'], metrics: ['fans_change'], dimensions: [{ type: 'date.day' }] };
        const body = { success: true, header: [{ type: 'date.day', rows }, { type: 'metric', rows: ['fans_change'] }], data: rows.map(() => [1]) };
        const result = validateResponse({ method: 'POST', path: '/2/facebook/metrics', body, request });
        expect(result.errors.filter((e) => e.rule === 'v2.metrics.date-range').map((e) => e.message)).toEqual(outside(day, end) ? [`${day} is outside the requested range ${START}..${end}`] : []);
        expect(result.valid).toBe(!outside(day, end));
      }),
      { numRuns: 150 },
    );
  });

  it('v1 records: a record outside the range is reported, one inside or on an end is not', () => {
    fc.assert(
      fc.property(cases, ({ end, day }) => {
        const days = day === end ? [end] : [day, end];
        const request = { date_start: START, date_end: end, profiles: ['p1'], metrics: ['comments'] };
        const body = { success: true, profiles: [{ id: 'p1', data: days.map((d) => ({ date: `${d} 00:00:00`, comments: 1 })) }] };
        const result = validateResponse({ method: 'POST', path: '/1/facebook/metrics', body, request });
        expect(result.errors.filter((e) => e.rule === 'v1.metrics.date-range').map((e) => e.message)).toEqual(outside(day, end) ? [`${day} is outside the requested range ${START}..${end}`] : []);
        expect(result.valid).toBe(!outside(day, end));
      }),
      { numRuns: 150 },
    );
  });
});

describe('a request range at its edges', () => {
  const metrics = (date_start: string, date_end: string) => checkRequest('POST /2/facebook/metrics', { date_start, date_end, profiles: ['p1'], metrics: ['fans_change'] }, { strict: true });
  const posts = (date_start: string, date_end: string) => checkRequest('POST /2/facebook/page/posts', { date_start, date_end, profiles: ['p1'], fields: ['id'] }, { strict: true });

  it('refuses a range reversed by one day, takes a range of one day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), (offset) => {
        const day = addDays('2020-01-01', offset);
        for (const check of [metrics, posts]) {
          expect(check(day, day)).toEqual([]);
          expect(check(day, addDays(day, -1))).toEqual([{ parameter: 'date_end', message: `${addDays(day, -1)} is before date_start ${day}`, code: 3, rule: 'shared.request.date-order', severity: 'error' }]);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('holds the 3-month limit up to the latest date_end, breaks it one day later', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), (offset) => {
        const start = addDays('2020-01-01', offset);
        const latest = maxDateEnd(start);
        const stated = statedMaxDateEnd(start);
        expect(metrics(start, latest)).toEqual([]);
        // The stated end is the inferred one or the day after it (a start past the end of the target month clamps both).
        expect([latest, addDays(latest, 1)]).toContain(stated);
        if (stated !== latest) expect(metrics(start, stated).map((p) => [p.parameter, p.code, p.rule])).toEqual([['date_end', 4, 'shared.metrics.date-range-calendar']]);
        expect(metrics(start, addDays(stated, 1)).map((p) => [p.parameter, p.code, p.rule])).toEqual([['date_end', 4, 'shared.metrics.date-range']]);
        expect(metrics(start, addDays(start, 93)).map((p) => p.rule)).toEqual(['shared.metrics.date-range']);
        expect(posts(start, addDays(start, 400))).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});
