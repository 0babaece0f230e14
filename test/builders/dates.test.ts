/** The YYYY-MM-DD helpers and the precise 3-month rule (maxDateEnd). */
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isDay, maxDateEnd, parseDay } from '../../src/calendar/days.js';

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
  it('throws a RangeError naming the bad date_start', () => {
    expect(() => maxDateEnd('2024-02-30')).toThrow(/date_start "2024-02-30"/);
  });
});

describe('addDays', () => {
  it('crosses month and year ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
});
