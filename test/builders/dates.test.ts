/** The YYYY-MM-DD helpers and the precise 3-month rule (maxDateEnd). */
import { describe, expect, it } from 'vitest';
import { addDays, civilFromDays, dayNumber, daysBetween, daysFromCivil, formatDayNumber, isDay, LAST_DAY, monthStart, parseDay } from '../../src/calendar/days.js';
import { maxDateEnd, statedMaxDateEnd } from '../../src/calendar/range-limit.js';
import { RequestValidationError } from '../../src/core/problems/request-error.js';
import { checkRequest } from '../../src/request-checks/check.js';
import { v1 } from '../../src/v1.js';
import { v2 } from '../../src/v2.js';

describe('isDay / parseDay', () => {
  it('accepts real calendar days in YYYY-MM-DD shape', () => {
    for (const day of ['2024-01-01', '2024-02-29', '2023-12-31', '2000-02-29']) expect(isDay(day), day).toBe(true);
    expect(parseDay('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
  });
  it('rejects other shapes and days that do not exist', () => {
    for (const day of ['2024-1-01', '2024-01-01T00:00:00Z', '20240101', '2023-02-29', '2024-13-01', '2024-04-31', '2024-00-10', '', 20240101, null]) {
      expect(isDay(day), String(day)).toBe(false);
    }
  });
});

describe('maxDateEnd: a range spans at most three calendar months, both ends included', () => {
  const table: [string, string][] = [
    ['2024-01-01', '2024-03-31'],
    ['2024-01-15', '2024-04-14'],
    ['2024-01-31', '2024-04-30'],
    ['2024-11-30', '2025-02-28'],
    ['2023-11-30', '2024-02-29'],
    ['2024-12-01', '2025-02-28'],
    ['2024-10-02', '2025-01-01'],
  ];
  it.each(table)('date_start %s allows date_end up to %s', (start, end) => {
    expect(maxDateEnd(start)).toBe(end);
  });
  it('takes another month count', () => {
    expect(maxDateEnd('2024-01-01', 1)).toBe('2024-01-31');
    expect(maxDateEnd('2024-03-10', 12)).toBe('2025-03-09');
  });
  it('never decreases as date_start advances, and the range never exceeds 92 days', () => {
    let day = '2023-01-01';
    let previous = maxDateEnd(day);
    for (let i = 0; i < 800; i++) {
      day = addDays(day, 1);
      const end = maxDateEnd(day);
      expect(end >= previous, `${day} -> ${end} < ${previous}`).toBe(true);
      expect(daysBetween(day, end) + 1).toBeLessThanOrEqual(92);
      expect(daysBetween(day, end) + 1).toBeGreaterThanOrEqual(89);
      previous = end;
    }
  });
  it('throws a RequestValidationError naming the bad date_start or month count, never a RangeError', () => {
    for (const bad of ['2024-02-30', '10000-01-01', '', 'x']) {
      const thrown = (() => {
        try {
          maxDateEnd(bad);
        } catch (error) {
          return error;
        }
      })();
      expect(thrown, bad).toBeInstanceOf(RequestValidationError);
      expect((thrown as RequestValidationError).problems[0]).toMatchObject({ parameter: 'date_start', rule: 'shared.request.date-format' });
    }
    expect(() => maxDateEnd('2024-02-30')).toThrow(/date_start: "2024-02-30" is not a calendar day/);
    expect(() => maxDateEnd('2024-01-01', 0)).toThrow(RequestValidationError);
    expect(() => maxDateEnd('2024-01-01', 1.5)).toThrow(RequestValidationError);
  });
  it('allows at least 28 days per month from every day (the request check skips the calendar below that)', () => {
    for (let day = '2023-01-01'; day <= '2025-12-31'; day = addDays(day, 1)) {
      for (let months = 1; months <= 12; months++) expect(daysBetween(day, maxDateEnd(day, months)) + 1, `${day}, ${months} months`).toBeGreaterThanOrEqual(28 * months);
    }
  });
  it('is the latest date_end checkRequest accepts, from every day of three years', () => {
    const limitRules = (start: string, end: string) =>
      checkRequest('POST /1/facebook/metrics', { profiles: ['p1'], metrics: ['comments'], date_start: start, date_end: end }, { strict: true }).map((p) => p.rule);
    for (let day = '2023-01-01'; day <= '2025-12-31'; day = addDays(day, 1)) {
      const latest = maxDateEnd(day);
      expect(limitRules(day, latest), day).toEqual([]);
      // The day after is past the narrower reading, and past date_start plus three months unless both clamp to a month's end.
      const stated = statedMaxDateEnd(day);
      expect(limitRules(day, addDays(latest, 1)), day).toEqual([stated === latest ? 'shared.metrics.date-range' : 'shared.metrics.date-range-calendar']);
      expect(limitRules(day, addDays(stated, 1)), day).toEqual(['shared.metrics.date-range']);
    }
  });
  it('stops at 9999-12-31, the last day a YYYY-MM-DD date names', () => {
    expect(maxDateEnd('9999-12-01')).toBe(LAST_DAY);
    expect(maxDateEnd('9999-10-26')).toBe(LAST_DAY);
    expect(maxDateEnd('9999-10-01')).toBe(LAST_DAY);
    expect(maxDateEnd('9999-09-30')).toBe('9999-12-29');
    expect(maxDateEnd('9999-12-31', 12)).toBe(LAST_DAY);
  });
});

describe('addDays', () => {
  it('crosses month and year ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
  it('refuses to leave the calendar with a RequestValidationError', () => {
    expect(addDays('9999-12-30', 1)).toBe('9999-12-31');
    expect(() => addDays('9999-12-31', 1)).toThrow(RequestValidationError);
    expect(() => addDays('0000-01-01', -1)).toThrow(RequestValidationError);
    expect(() => addDays('2024-02-30', 1)).toThrow(RequestValidationError);
  });
});

describe('day numbers over the whole calendar, 0000-01-01 to 9999-12-31', () => {
  it('round-trip (every 7th day, and every day of the first and last thousand) and agree with Date where Date is right', () => {
    const [first, last] = [dayNumber('0000-01-01')!, dayNumber('9999-12-31')!];
    for (let n = first; n <= last; n += n < first + 1000 || n > last - 1000 ? 1 : 7) {
      const { year, month, day } = civilFromDays(n);
      if (daysFromCivil(year, month, day) !== n) throw new Error(`day ${n} does not round-trip`);
    }
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('2024-02-29')).toBe(Date.UTC(2024, 1, 29) / 86_400_000);
    expect(formatDayNumber(dayNumber('9999-12-31')!)).toBe('9999-12-31');
    // Date.UTC reads the years 0 to 99 as 1900 to 1999: these do not.
    expect(formatDayNumber(dayNumber('0050-03-01')!)).toBe('0050-03-01');
    expect(daysBetween('0099-12-31', '0100-01-01')).toBe(1);
    expect(formatDayNumber(monthStart(dayNumber('9999-12-31')!))).toBe('9999-12-01');
  });
});

describe('request checks and builders on the last days of the calendar', () => {
  const body = (date_start: string, date_end: string) => ({ profiles: ['164929129743'], metrics: ['fans_change'], date_start, date_end });
  it('accept ranges ending 9999-12-31 and a 6-day range in October 9999', () => {
    for (const [s, e] of [['9999-12-01', '9999-12-31'], ['9999-10-26', '9999-10-31'], ['9999-10-01', '9999-12-31']]) {
      expect(checkRequest('POST /2/facebook/metrics', body(s, e), { strict: true }), `${s}..${e}`).toEqual([]);
      expect(checkRequest('POST /1/facebook/metrics', { ...body(s, e), metrics: ['fans_lifetime'] }, { strict: true }), `${s}..${e}`).toEqual([]);
      expect(v2.facebook.metrics(body(s, e) as never).body).toMatchObject({ date_end: e });
    }
  });
  it('still refuse a range over three months with code 4 at the end of the calendar', () => {
    const problems = checkRequest('POST /2/facebook/metrics', body('9999-09-01', '9999-12-31'), { strict: true });
    expect(problems.map((p) => [p.rule, p.code])).toEqual([['shared.metrics.date-range', 4]]);
  });
  it('throw RequestValidationError, never RangeError, for days the calendar does not have', () => {
    for (const [s, e] of [['9999-12-01', '10000-01-01'], ['2024-02-30', '2024-03-01']]) {
      expect(() => v2.facebook.metrics(body(s, e) as never), `${s}..${e}`).toThrow(RequestValidationError);
      expect(() => v1.facebook.metrics({ ...body(s, e), metrics: ['fans_lifetime'] } as never), `${s}..${e}`).toThrow(RequestValidationError);
    }
  });
});
