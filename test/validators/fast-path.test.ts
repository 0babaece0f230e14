/**
 * The fast path of a rule table (src/validators/rules/rule-table.ts): derived from the entries
 * alone, it skips on a part holding every named fact exactly the rules naming one, runs a rule
 * naming none on every part, and refuses a table naming more facts than it reads.
 */
import { describe, expect, it } from 'vitest';
import type { RuleId } from '../../src/core/rules.js';
import { fastPath, type RuleTable } from '../../src/validators/rules/rule-table.js';

interface Facts {
  readonly first: boolean;
  readonly second: boolean;
  readonly name: string;
}

const ids = ['v2.metrics.metric-rows', 'v2.metrics.date-rows', 'v2.metrics.data-nesting', 'v2.metrics.last-day'] as RuleId[];
const noop = () => {};
const table: RuleTable<null, Facts> = {
  [ids[0]]: { check: noop, settledBy: 'first' },
  [ids[1]]: noop,
  [ids[2]]: { check: noop, settledBy: 'second' },
  [ids[3]]: { check: noop, settledBy: 'first' },
};

describe('fastPath', () => {
  const path = fastPath(table);
  const runs = (facts: Facts) => path.rulesFor(facts).map(([id]) => id);

  it('names each fact of the common answer once, in table order', () => {
    expect(path.commonAnswer).toEqual(['first', 'second']);
  });

  it('runs only the rules naming no fact on a part holding every named fact, and all of them otherwise', () => {
    expect(runs({ first: true, second: true, name: 'x' })).toEqual([ids[1]]);
    expect(runs({ first: true, second: false, name: 'x' })).toEqual(ids);
    expect(runs({ first: false, second: true, name: 'x' })).toEqual(ids);
  });

  it('runs every rule of a table naming no fact, on every part', () => {
    const plain = fastPath<null, Facts>({ [ids[1]]: noop, [ids[3]]: noop });
    expect(plain.commonAnswer).toEqual([]);
    expect(plain.rulesFor({ first: false, second: false, name: 'x' }).map(([id]) => id)).toEqual([ids[1], ids[3]]);
  });

  it('refuses a table naming more facts than a fast path reads, naming them', () => {
    const many = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`rule-${i}`, { check: noop, settledBy: `fact${i}` }]));
    expect(() => fastPath(many as unknown as RuleTable<null, Record<string, boolean>>)).toThrow(/names 9 facts .*fact0, fact1.*fact8.* at most 8/);
  });
});
