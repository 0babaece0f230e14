/**
 * The date-times at the edges a sweep of every time of day does not reach: the end of the day
 * (24:00:00) with fractions of every length and digit, against luxon where luxon reads them;
 * values that are not strings but read as one; the one other UTC spelling as long as the
 * documented one; and the day-record shape with every digit at every place.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { hasDayTimeShape, isDocumentedUtcShape, isUtcDateTime, realDayTime, utcInstantKey } from '../../src/calendar/date-times.js';

describe('the end of the day, 24:00:00', () => {
  it('takes a fraction of zeros only, of any length and in either spelling of UTC, as luxon does to the millisecond', () => {
    const fraction = fc.array(fc.constantFrom('0', '0', '0', '1', '5', '8', '9'), { minLength: 1, maxLength: 12 }).map((digits) => digits.join(''));
    fc.assert(
      fc.property(fraction, fc.constantFrom('Z', '+00:00'), (digits, zone) => {
        const value = `2024-02-29T24:00:00.${digits}${zone}`;
        const zeros = /^0+$/.test(digits);
        expect(isUtcDateTime(value), value).toBe(zeros);
        // luxon reads a fraction to the millisecond and drops the digits after it.
        if (digits.length <= 3) expect(DateTime.fromISO(value, { zone: 'utc' }).isValid, `luxon ${value}`).toBe(zeros);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses each digit but 0 wherever it stands in the fraction, the last one too', () => {
    for (let digit = 0; digit <= 9; digit++) {
      for (const digits of [`${digit}`, `${digit}00`, `00${digit}`, `${'0'.repeat(9)}${digit}`]) {
        for (const zone of ['Z', '+00:00']) {
          const value = `2024-12-31T24:00:00.${digits}${zone}`;
          expect(isUtcDateTime(value), value).toBe(digit === 0);
          expect(realDayTime(value), value).toBe(digit === 0);
        }
      }
    }
    // Without a fraction, in all three shapes.
    expect(['2024-12-31T24:00:00Z', '2024-12-31T24:00:00+00:00', '2024-12-31 24:00:00'].map(realDayTime)).toEqual([true, true, true]);
  });
});

describe('what is a date-time at all', () => {
  it('is a string: a value that only reads as one (an array, an object with toString, a String object) is none', () => {
    const text = '2026-01-20T17:04:11Z';
    expect(isUtcDateTime(text)).toBe(true);
    for (const value of [[text], { toString: () => text }, new String(text)]) expect(isUtcDateTime(value), String(value)).toBe(false);
  });

  it('tells the documented spelling from the other UTC spelling of 25 characters, a fraction of four digits and Z', () => {
    expect(isDocumentedUtcShape('2026-01-20T17:04:11+00:00')).toBe(true);
    expect(isDocumentedUtcShape('2026-01-20T17:04:11.1234Z')).toBe(false);
    // Asked before the shape is checked: a + at 19 in a longer or shorter string is not the documented spelling.
    expect(['2026-01-20T17:04:11+00:00 ', '2026-01-20T17:04:11+0000', '2026-01-20T17:04:11+00:00Z'].map(isDocumentedUtcShape)).toEqual([false, false, false]);
    // So its instant key is the instant's, not the text: it orders between 11.1233 and 11.1235 in any spelling.
    const key = utcInstantKey('2026-01-20T17:04:11.1234Z');
    expect(key).toBe(utcInstantKey('2026-01-20T17:04:11.12340+00:00'));
    expect(utcInstantKey('2026-01-20T17:04:11.1233+00:00') < key && key < utcInstantKey('2026-01-20T17:04:11.12341Z')).toBe(true);
  });
});

describe('the day-record shape, YYYY-MM-DD HH:MM:SS', () => {
  it('takes every digit at every place of a digit, and nothing past its 19 characters', () => {
    const good = '2026-01-20 00:00:00';
    for (let at = 0; at < good.length; at++) {
      if (!/\d/.test(good[at])) continue;
      for (let digit = 0; digit <= 9; digit++) {
        const value = `${good.slice(0, at)}${digit}${good.slice(at + 1)}`;
        expect(hasDayTimeShape(value), value).toBe(true);
      }
    }
    expect([`${good} `, `${good}0`, good.slice(1)].map(hasDayTimeShape)).toEqual([false, false, false]);
  });
});

describe('the leap second, 23:59:60', () => {
  /**
   * IERS Bulletin C's table of TAI - UTC, as IANA's leap-seconds.list carries it: the first day of
   * each new offset, from 10 s on 1972-01-01 to 37 s on 2017-01-01, one second a step. A leap
   * second ends the day before each step.
   */
  const STEPS = [
    '1972-07-01', '1973-01-01', '1974-01-01', '1975-01-01', '1976-01-01', '1977-01-01', '1978-01-01', '1979-01-01', '1980-01-01',
    '1981-07-01', '1982-07-01', '1983-07-01', '1985-07-01', '1988-01-01', '1990-01-01', '1991-01-01', '1992-07-01', '1993-07-01',
    '1994-07-01', '1996-01-01', '1997-07-01', '1999-01-01', '2006-01-01', '2009-01-01', '2012-07-01', '2015-07-01', '2017-01-01',
  ];
  const dayBefore = (day: string) => DateTime.fromISO(day, { zone: 'utc' }).minus({ days: 1 }).toISODate()!;

  it('names a real instant at the end of each day a leap second was inserted, and of no day around it', () => {
    expect(STEPS).toHaveLength(37 - 10);
    for (const step of STEPS) {
      const day = dayBefore(step);
      for (const value of [`${day}T23:59:60Z`, `${day}T23:59:60.5+00:00`, `${day} 23:59:60`]) expect(realDayTime(value), value).toBe(true);
      for (const other of [dayBefore(day), step]) expect(realDayTime(`${other}T23:59:60Z`), other).toBe(false);
    }
    // None at the end of the other June and December days of those years, nor after 2016.
    const inserted = new Set(STEPS.map(dayBefore));
    for (let year = 1971; year <= 2026; year++) {
      for (const day of [`${year}-06-30`, `${year}-12-31`]) expect(isUtcDateTime(`${day}T23:59:60Z`), day).toBe(inserted.has(day));
    }
  });
});
