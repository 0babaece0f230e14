/**
 * `shared.posts.created-in-range`: a post's `created_time` lies in the requested days in some
 * profile timezone, from 10:00 UTC the day before `date_start` (UTC+14) up to, not including, 12:00
 * UTC the day after `date_end` (UTC-12). The rule takes a post of one of the requested UTC days by two string
 * comparisons of its instant key; random instants about both ends, in every spelling of an
 * instant, against the bounds computed with `Date`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateResponse } from '../../src/validators/index.js';

const DAY = 86_400_000;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The spellings of one instant the date-time pattern allows: `+00:00`, `Z`, with a fraction. */
function spelled(ms: number, spelling: number): string {
  const iso = new Date(ms).toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ
  const seconds = iso.slice(0, 19);
  return [`${seconds}+00:00`, `${seconds}Z`, `${iso.slice(0, 23)}Z`, `${iso.slice(0, 23)}000+00:00`][spelling];
}

describe('posts: created_time inside the requested days', () => {
  it('is refused exactly outside 10:00 UTC the day before the start .. 12:00 UTC the day after the end', () => {
    const start = Date.UTC(2025, 11, 1);
    fc.assert(
      fc.property(fc.nat(40), fc.integer({ min: -3 * DAY, max: 3 * DAY }), fc.boolean(), fc.nat(3), fc.boolean(), (days, offset, nearEnd, spelling, wholeSeconds) => {
        const end = start + days * DAY;
        let created = (nearEnd ? end : start) + offset;
        if (wholeSeconds) created -= created % 1000;
        const request = { profiles: ['p1'], date_start: dayText(start), date_end: dayText(end), fields: ['id', 'created_time'] };
        const body = { success: true, data: { posts: [{ id: 'p1', created_time: spelled(created, spelling) }] } };
        const result = validateResponse({ method: 'POST', path: '/2/facebook/page/posts', body, request });
        const outside = created < start - DAY + 10 * 3_600_000 || created >= end + DAY + 12 * 3_600_000;
        expect(result.errors.some((e) => e.rule === 'shared.posts.created-in-range')).toBe(outside);
      }),
      { numRuns: 2000 },
    );
  });
});
