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
