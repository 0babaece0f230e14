/**
 * The calendar module against a date library nobody here wrote (luxon, UTC zone): every day of
 * every month of the years where the Gregorian rules differ (year 0, centuries, 400-year leap
 * centuries, the last year), day numbers, ISO weeks, months and the date-range limit over random
 * days of the whole calendar, and the date-times' time of day at each boundary. Where the package
 * reads a rule luxon does not hold (the leap second 23:59:60 on a day one was inserted), the test
 * says so.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { hasDayTimeShape, hasUtcDateTimeShape, isDocumentedUtcShape, isUtcDateTime, realDayAt, realDayTime, utcInstantKey } from '../../src/calendar/date-times.js';
import { DAY_TIME_PATTERN, UTC_DATE_TIME_PATTERN } from '../../src/shared/date-time-patterns.js';
import {
  addDays,
  civilFromDays,
  dateRangeExcess,
  dayNumber,
  dayNumberOfDay,
  daysBetween,
  daysInMonth,
  FIRST_DAY,
  FIRST_DAY_NUMBER,
  formatDayNumber,
  isCalendarDay,
  isDay,
  isLeapYear,
  LAST_DAY,
  LAST_DAY_NUMBER,
  latestDateEnd,
  longestMonthsInDays,
  maxRangeEnd,
  monthLabel,
  monthStart,
  parseDay,
  statedLatestDateEnd,
  weekStart,
} from '../../src/calendar/days.js';
import { RequestValidationError } from '../../src/core/problems/request-error.js';

const utc = { zone: 'utc' } as const;
const EPOCH = DateTime.fromObject({ year: 1970, month: 1, day: 1 }, utc);
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const text = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
/** luxon's reading of a year, month and day: a real day or not. */
const real = (year: number, month: number, day: number) => month >= 1 && month <= 12 && day >= 1 && DateTime.fromObject({ year, month, day }, utc).isValid;
/** The luxon day of a day number. */
const ofNumber = (n: number) => EPOCH.plus({ days: n });
/** A day number of the API's calendar, its ends weighted. */
const dayNumbers = fc.oneof(fc.integer({ min: FIRST_DAY_NUMBER, max: LAST_DAY_NUMBER }), fc.constantFrom(FIRST_DAY_NUMBER, FIRST_DAY_NUMBER + 1, LAST_DAY_NUMBER - 1, LAST_DAY_NUMBER));
const RUNS = { numRuns: 400 };

/** Years where the leap-year rules part: year 0 and 400 (leap centuries), 100, 1900, 2100 (centuries that are not), 2023, 2024, 9999. */
const YEARS = [0, 1, 4, 100, 400, 1900, 2000, 2023, 2024, 2100, 9996, 9999];

describe('calendar days, against luxon', () => {
  it('accepts exactly the real days: every day 00 to 32 of months 00 to 13 of the years where the rules part', () => {
    const wrong: string[] = [];
    for (const year of YEARS) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const day10 = text(year, month, day);
          const expected = real(year, month, day);
          if (isDay(day10) !== expected || isCalendarDay(year, month, day) !== expected || (parseDay(day10) !== undefined) !== expected) wrong.push(day10);
          if (expected && dayNumber(day10) !== Math.round(DateTime.fromObject({ year, month, day }, utc).diff(EPOCH, 'days').days)) wrong.push(`${day10} day number`);
        }
      }
      if (isLeapYear(year) !== DateTime.fromObject({ year }, utc).isInLeapYear) wrong.push(`${year} leap year`);
      for (let month = 1; month <= 12; month++) if (daysInMonth(year, month) !== DateTime.fromObject({ year, month }, utc).daysInMonth) wrong.push(`${year}-${month} length`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every character that is not a digit or the separator, wherever it stands', () => {
    // ':' and '/' are the characters just above '9' and below '0'.
    const good = '2024-02-29';
    for (let at = 0; at < good.length; at++) {
      for (const c of [':', '/', 'a', ' ', '-', '+']) {
        if (c === good[at]) continue;
        const day10 = good.slice(0, at) + c + good.slice(at + 1);
        expect(isDay(day10), JSON.stringify(day10)).toBe(false);
        expect(parseDay(day10), JSON.stringify(day10)).toBeUndefined();
      }
    }
    for (const other of ['2024-02-2', '2024-02-290', '2024/02/29', ' 2024-02-29', 20240229, null, undefined, {}]) expect(isDay(other), String(other)).toBe(false);
  });

  it('counts day numbers as luxon does and formats them back, over the whole calendar', () => {
    fc.assert(
      fc.property(dayNumbers, (n) => {
        const day = ofNumber(n);
        const iso = day.toISODate();
        expect(formatDayNumber(n)).toBe(iso);
        expect(civilFromDays(n)).toEqual({ year: day.year, month: day.month, day: day.day });
        expect(dayNumber(iso)).toBe(n);
        expect(dayNumberOfDay(iso!)).toBe(n);
      }),
      RUNS,
    );
    expect([formatDayNumber(FIRST_DAY_NUMBER), formatDayNumber(LAST_DAY_NUMBER)]).toEqual([FIRST_DAY, LAST_DAY]);
    expect([FIRST_DAY, LAST_DAY]).toEqual(['0000-01-01', '9999-12-31']);
  });

  it('finds the ISO week (Monday) and the month of a day as luxon does', () => {
    fc.assert(
      fc.property(fc.integer({ min: FIRST_DAY_NUMBER + 7, max: LAST_DAY_NUMBER }), (n) => {
        const day = ofNumber(n);
        expect(formatDayNumber(weekStart(n))).toBe(day.startOf('week').toISODate());
        expect(formatDayNumber(monthStart(n))).toBe(day.startOf('month').toISODate());
        expect(monthLabel(n)).toBe(day.toISODate()!.slice(0, 7));
      }),
      RUNS,
    );
  });

  it('adds and counts days as luxon does, and refuses to leave the calendar', () => {
    fc.assert(
      fc.property(dayNumbers, fc.integer({ min: -4000, max: 4000 }), (n, count) => {
        const from = formatDayNumber(n);
        const to = n + count;
        if (to < FIRST_DAY_NUMBER || to > LAST_DAY_NUMBER) {
          expect(() => addDays(from, count)).toThrow(RequestValidationError);
          return;
        }
        expect(addDays(from, count)).toBe(ofNumber(n).plus({ days: count }).toISODate());
        expect(daysBetween(from, formatDayNumber(to))).toBe(count);
      }),
      RUNS,
    );
    expect(addDays(FIRST_DAY, 0)).toBe(FIRST_DAY);
    expect(addDays('0000-01-02', -1)).toBe(FIRST_DAY);
    expect(addDays('9999-12-30', 1)).toBe(LAST_DAY);
  });

  // luxon adds months with the day clamped to the month's end. The inferred reading: the day before
  // the same day number that many months later, or, when the month is too short for it, that
  // month's last day. The stated reading: luxon's sum itself.
  const oracle = (start: DateTime, months: number) => {
    const later = start.plus({ months });
    const end = later.day === start.day ? later.minus({ days: 1 }) : later.endOf('month').startOf('day');
    return end.year > 9999 ? LAST_DAY : end.toISODate();
  };
  const statedOracle = (start: DateTime, months: number) => {
    const later = start.plus({ months });
    return later.year > 9999 ? LAST_DAY : later.toISODate()!;
  };

  it('gives the latest date_end of every limit from 1 to 12 months as luxon\'s month arithmetic reads it', () => {
    fc.assert(
      fc.property(dayNumbers, fc.integer({ min: 1, max: 12 }), (n, months) => {
        const start = ofNumber(n);
        const expected = oracle(start, months);
        expect(latestDateEnd(start.toISODate()!, months)).toBe(expected);
        expect(formatDayNumber(maxRangeEnd(n, months))).toBe(expected);
      }),
      RUNS,
    );
    // Every start of the month ends where luxon says too (the first of a month is its own case).
    for (const year of [2023, 2024, 9999]) for (let month = 1; month <= 12; month++) for (const day of [1, 2, 28, 29, 30, 31]) {
      if (!real(year, month, day)) continue;
      const start = DateTime.fromObject({ year, month, day }, utc);
      expect(latestDateEnd(start.toISODate()!, 3), start.toISODate()!).toBe(oracle(start, 3));
    }
  });

  it('tells which reading a range breaks as luxon reads both, on each side of either end and over random ranges', () => {
    // The end: a day or three around the stated or the inferred latest end, or anywhere in the next 400 days.
    const ends = fc.oneof(fc.record({ around: fc.constantFrom('stated', 'inferred'), by: fc.integer({ min: -3, max: 3 }) }), fc.record({ around: fc.constant('start'), by: fc.integer({ min: 0, max: 400 }) }));
    fc.assert(
      fc.property(dayNumbers, fc.integer({ min: 1, max: 12 }), ends, (n, months, { around, by }) => {
        const start = ofNumber(n);
        const first = start.toISODate()!;
        const stated = statedOracle(start, months);
        const inferred = oracle(start, months)!;
        const from = around === 'stated' ? dayNumber(stated)! : around === 'inferred' ? dayNumber(inferred)! : n;
        const last = formatDayNumber(Math.min(Math.max(from + by, n), LAST_DAY_NUMBER));
        expect(statedLatestDateEnd(first, months), first).toBe(stated);
        const expected = last > stated ? 'stated' : last > inferred ? 'inferred' : undefined;
        expect(dateRangeExcess(first, last, months), `${first}..${last}, ${months} months`).toBe(expected);
      }),
      RUNS,
    );
    // The ends of the calendar, and a start whose limit is past it.
    expect(['0000-03-31', '0000-04-01', '0000-04-02'].map((end) => dateRangeExcess(FIRST_DAY, end, 3))).toEqual([undefined, 'inferred', 'stated']);
    expect(dateRangeExcess('9999-10-15', LAST_DAY, 3)).toBeUndefined();
    expect(statedLatestDateEnd('9999-10-15', 3)).toBe(LAST_DAY);
    expect(statedLatestDateEnd('9999-09-30', 3)).toBe('9999-12-30');
    expect(statedLatestDateEnd('9999-09-15', 3)).toBe('9999-12-15');
  });

  it('knows the most days any run of consecutive months holds, from every month of a 400-year cycle', () => {
    // luxon's month lengths from January 2000 on; a run's days are a difference of their sums.
    const first = DateTime.fromObject({ year: 2000, month: 1 }, utc);
    const sums = [0];
    for (let m = 0; m < 400 * 12 + 24; m++) sums.push(sums[m] + first.plus({ months: m }).daysInMonth!);
    for (let months = 1; months <= 24; months++) {
      let most = 0;
      for (let start = 0; start < 400 * 12; start++) most = Math.max(most, sums[start + months] - sums[start]);
      expect(longestMonthsInDays(months), `${months} months`).toBe(most);
    }
    expect(longestMonthsInDays(3)).toBe(92);
  });
});

describe('calendar errors name the caller, the parameter, the rule and the calendar', () => {
  const caught = (f: () => unknown): RequestValidationError => {
    try {
      f();
    } catch (error) {
      if (error instanceof RequestValidationError) return error;
      throw error;
    }
    throw new Error('no error thrown');
  };

  it('a day that is not a calendar day', () => {
    for (const [f, caller, parameter] of [
      [() => addDays('2024-02-30', 1), 'addDays', 'day'],
      [() => latestDateEnd('2023-02-29', 3), 'maxDateEnd', 'date_start'],
      [() => statedLatestDateEnd('2023-02-29', 3), 'statedLatestDateEnd', 'date_start'],
      [() => daysBetween('2024-13-01', '2024-01-01'), 'daysBetween', 'from'],
      [() => daysBetween('2024-01-01', '2024-00-01'), 'daysBetween', 'to'],
    ] as const) {
      const error = caught(f);
      expect(error.operation).toBe(caller);
      expect(error.problems).toEqual([{ parameter, message: expect.stringMatching(/^"\d{4}-\d{2}-\d{2}" is not a calendar day in YYYY-MM-DD shape \(0000-01-01 to 9999-12-31\)$/), code: 3, rule: 'shared.request.date-format', severity: 'error' }]);
    }
  });

  it('a count of days that leaves the calendar, or is no whole number', () => {
    for (const [day, count] of [[FIRST_DAY, -1], [LAST_DAY, 1], ['2024-01-01', 1.5]] as const) {
      const error = caught(() => addDays(day, count));
      expect(error.operation).toBe('addDays');
      expect(error.problems).toEqual([{ parameter: 'count', message: `${day} plus ${count} days is outside the calendar (0000-01-01 to 9999-12-31)`, code: 3, rule: 'shared.request.date-format', severity: 'error' }]);
    }
  });

  it('a month count that is no whole number from 1', () => {
    for (const [latest, caller] of [[latestDateEnd, 'maxDateEnd'], [statedLatestDateEnd, 'statedLatestDateEnd']] as const) {
      for (const months of [0, -1, 1.5, Number.NaN]) {
        const error = caught(() => latest('2024-01-15', months));
        expect(error.operation).toBe(caller);
        expect(error.problems).toEqual([{ parameter: 'months', message: `must be a whole number of months from 1, got ${months}`, code: 3, rule: 'shared.metrics.date-range-calendar', severity: 'error' }]);
      }
      expect(latest('2024-01-15', 1)).toBe(caller === 'maxDateEnd' ? '2024-02-14' : '2024-02-15');
    }
  });
});

describe('date-times, against luxon', () => {
  const DAYS = ['2024-02-29', '1900-02-29', '2000-02-29', '2024-04-31', '2024-01-00', '9999-12-31', '2016-12-31', '2015-06-30', '2017-12-31'];
  /** Days at whose end a leap second was inserted, among DAYS (the IERS list; luxon knows none). */
  const LEAP_SECOND_DAYS = ['2016-12-31', '2015-06-30'];
  const HOURS = Array.from({ length: 30 }, (_, h) => h);
  const MINUTES = [0, 58, 59, 60];
  const SECONDS = [0, 59, 60, 61];
  const FRACTIONS = ['', '.000', '.5', '.01'];

  /** The package's reading: luxon's valid instants, and the leap second 23:59:60 (no fraction test: any) of a day one was inserted. */
  const expected = (day: string, h: number, m: number, s: number, fraction: string) => {
    const [year, month, d] = day.split('-').map(Number);
    if (!real(year, month, d)) return false;
    if (h === 23 && m === 59 && s === 60) return LEAP_SECOND_DAYS.includes(day);
    return DateTime.fromISO(`${day}T${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}${fraction}Z`, utc).isValid;
  };

  it('accepts exactly the real instants at every boundary of the time of day, in both spellings of UTC', () => {
    const wrong: string[] = [];
    for (const day of DAYS) for (const h of HOURS) for (const m of MINUTES) for (const s of SECONDS) for (const fraction of FRACTIONS) {
      const time = `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}`;
      const want = expected(day, h, m, s, fraction);
      for (const zone of ['Z', '+00:00']) {
        const value = `${day}T${time}${fraction}${zone}`;
        if (isUtcDateTime(value) !== want || realDayTime(value) !== want) wrong.push(value);
      }
      // The version 1 day-record shape: no fraction, no zone.
      if (fraction === '' && realDayTime(`${day} ${time}`) !== want) wrong.push(`${day} ${time}`);
    }
    expect(wrong).toEqual([]);
    // The end of the day: 24:00:00 with a fraction of zeros only.
    expect(['2024-01-01T24:00:00Z', '2024-01-01T24:00:00.000Z', '2024-01-01T24:00:00.5Z', '2024-01-01T24:00:00.05Z'].map(isUtcDateTime)).toEqual([true, true, false, false]);
    expect(realDayAt('2024-02-29T00:00:00Z')).toBe(true);
    expect(realDayAt('2100-02-29 00:00:00')).toBe(false);
  });

  it('knows the shapes: the post date-time, the documented spelling, the day record', () => {
    const utcPattern = new RegExp(UTC_DATE_TIME_PATTERN);
    const dayTimePattern = new RegExp(DAY_TIME_PATTERN);
    const dateTimeish = fc.stringMatching(/^[0-9:/ +TZ.-]{0,27}$/);
    fc.assert(
      fc.property(fc.oneof(dateTimeish, fc.constantFrom('2026-01-20 00:00:00', '2026-01-20T17:04:11+00:00', '2026-01-20T17:04:11.5Z')), (value) => {
        expect(hasUtcDateTimeShape(value)).toBe(utcPattern.test(value));
        expect(hasDayTimeShape(value)).toBe(dayTimePattern.test(value));
      }),
      { numRuns: 2_000 },
    );
    // Each position of the day-record shape: a digit where a digit stands, its separator elsewhere; ':' and '/' border the digits.
    const good = '2026-01-20 00:00:00';
    for (let at = 0; at <= good.length; at++) {
      for (const c of [':', '/', '-', ' ', '5']) {
        const value = good.slice(0, at) + c + good.slice(at + 1);
        expect(hasDayTimeShape(value), JSON.stringify(value)).toBe(dayTimePattern.test(value));
      }
    }
    expect([good.slice(0, -1), `${good}0`, ''].map(hasDayTimeShape)).toEqual([false, false, false]);
    expect(isUtcDateTime(20260120)).toBe(false);
    expect(isUtcDateTime('2026-01-20 17:04:11+00:00')).toBe(false);
    expect(isUtcDateTime('2026-01-20T17:04:11')).toBe(false);
    expect(['2026-01-20T17:04:11+00:00', '2026-01-20T17:04:11Z', '2026-01-20T17:04:1.5+00:00', '2026-01-20T17:04:11.5Z', '2026-01-20T17:04:11.123+00:00'].map(isDocumentedUtcShape)).toEqual([true, false, false, false, false]);
  });

  it('orders instant keys as luxon orders the instants, equal for one instant however spelled', () => {
    const instants = fc.record({ n: dayNumbers, ms: fc.integer({ min: 0, max: 86_399_999 }) });
    const spellings = (n: number, ms: number): string[] => {
      const t = ofNumber(n).plus({ milliseconds: ms });
      const base = `${formatDayNumber(n)}T${t.toFormat('HH:mm:ss')}`;
      // A fraction of four digits and Z is as long as the documented spelling (25 characters).
      const fraction = t.millisecond === 0 ? ['', '.0', '.000', '.0000'] : [`.${pad(t.millisecond, 3)}`, `.${pad(t.millisecond, 3)}0`, `.${pad(t.millisecond, 3)}00`];
      return fraction.flatMap((f) => [`${base}${f}Z`, `${base}${f}+00:00`]);
    };
    fc.assert(
      fc.property(instants, instants, (a, b) => {
        const keysA = spellings(a.n, a.ms).map(utcInstantKey);
        const keysB = spellings(b.n, b.ms).map(utcInstantKey);
        expect(new Set(keysA).size).toBe(1);
        expect(new Set(keysB).size).toBe(1);
        const order = Math.sign(ofNumber(a.n).plus({ milliseconds: a.ms }).toMillis() - ofNumber(b.n).plus({ milliseconds: b.ms }).toMillis());
        expect(Math.sign(keysA[0] < keysB[0] ? -1 : keysA[0] > keysB[0] ? 1 : 0)).toBe(order);
      }),
      RUNS,
    );
    expect(utcInstantKey('2026-01-20T17:04:11.000Z')).toBe('2026-01-20T17:04:11+00:00');
    expect(utcInstantKey('2026-01-20T17:04:11.50+00:00')).toBe('2026-01-20T17:04:11.5');
  });
});
