/**
 * The `date` and `date-time` formats bundled into the precompiled validators give the same
 * answers as ajv-formats' full formats for RFC 3339 strings, and are strict RFC 3339 where
 * ajv-formats is lenient (offsets need a colon and minutes).
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { describe, expect, it } from 'vitest';
import { isDate, isDateTime } from '../../src/validators/formats.js';
import { isDocumentedUtcShape, isUtcDateTime, utcInstantKey } from '../../src/calendar/date-times.js';

const reference = (name: 'date' | 'date-time') => {
  const def = fullFormats[name] as { validate: (s: string) => boolean };
  return (s: string) => def.validate(s);
};

const dates = ['2026-01-31', '2026-02-29', '2024-02-29', '2000-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-1-01', '26-01-01', '2026-01-01 ', 'x2026-01-01', ''];
const times = ['00:00:00', '23:59:59', '23:59:60', '24:00:00', '12:60:00', '12:00:61', '12:00:00.5', '12:00:00.123456', '12:00:00.'];
const zones = ['Z', 'z', '+00:00', '-05:30', '+23:59', '+24:00', '+01:60', ''];

describe('bundled formats', () => {
  it('date agrees with ajv-formats', () => {
    const ref = reference('date');
    for (const d of dates) expect(isDate(d), d).toBe(ref(d));
  });

  it('date-time agrees with ajv-formats on every RFC 3339 combination', () => {
    const ref = reference('date-time');
    let checked = 0;
    for (const d of dates.slice(0, 8)) {
      for (const sep of ['T', 't', ' ']) {
        for (const time of times) {
          for (const zone of zones) {
            const value = `${d}${sep}${time}${zone}`;
            expect(isDateTime(value), value).toBe(ref(value));
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1500);
  });

  it('allows a leap second only at 23:59:60 UTC', () => {
    expect(isDateTime('2026-06-30T23:59:60Z')).toBe(true);
    expect(isDateTime('2026-06-30T19:59:60-04:00')).toBe(true);
    expect(isDateTime('2026-06-30T22:59:60Z')).toBe(false);
    expect(isDateTime('2026-06-30T23:59:60+01:00')).toBe(false);
  });

  it('is strict RFC 3339 about offsets', () => {
    for (const lenient of ['2026-01-01T00:00:00+0100', '2026-01-01T00:00:00+01', '2026-01-01T00:00:00']) expect(isDateTime(lenient), lenient).toBe(false);
  });
});

describe('UTC date-times (src/calendar/date-times.ts)', () => {
  it('accepts real instants in the UTC shapes only', () => {
    for (const ok of ['2026-01-20T10:00:00+00:00', '2026-01-20T10:00:00Z', '2026-01-20T10:00:00.25Z', '2024-02-29T23:59:59+00:00']) expect(isUtcDateTime(ok), ok).toBe(true);
    for (const bad of ['2026-01-20T10:00:00+01:00', '2026-01-20 10:00:00', '2026-02-29T10:00:00Z', '2026-01-20T23:59:60Z', '2026-01-20T10:00:00', 5]) expect(isUtcDateTime(bad), String(bad)).toBe(false);
  });

  it('tells the documented spelling by its length and offset', () => {
    expect(isDocumentedUtcShape('2026-01-20T10:00:00+00:00')).toBe(true);
    for (const other of ['2026-01-20T10:00:00Z', '2026-01-20T10:00:00.12345Z', '2026-01-20T10:00:00.1+00:00']) expect(isDocumentedUtcShape(other), other).toBe(false);
  });

  it('keys instants so that equal instants are equal and later ones greater', () => {
    const same = ['2026-01-20T10:00:00+00:00', '2026-01-20T10:00:00Z', '2026-01-20T10:00:00.000Z', '2026-01-20T10:00:00.0+00:00'];
    expect(new Set(same.map(utcInstantKey)).size).toBe(1);
    const ordered = ['2026-01-20T09:59:59.999Z', '2026-01-20T10:00:00Z', '2026-01-20T10:00:00.001+00:00', '2026-01-20T10:00:00.5Z', '2026-01-20T10:00:01+00:00'];
    const keys = ordered.map(utcInstantKey);
    expect([...keys].sort()).toEqual(keys);
  });
});
