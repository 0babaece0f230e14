/** The problem list's caps: per rule and per severity, with exact counts of what they leave out. */
import { describe, expect, it } from 'vitest';
import { MAX_LEFT_OUT, MAX_PROBLEMS, MAX_PROBLEMS_PER_RULE, ProblemList } from '../../src/core/problems/problem-list.js';
import type { RuleId } from '../../generated/rule-levels.js';

const STATED: RuleId[] = ['shared.posts.field-names', 'shared.posts.filter-shape', 'shared.posts.sort-fields', 'shared.posts.filter-fields'];
const INFERRED: RuleId = 'shared.posts.filter-value-enum';

/** The entries saying what was left out, as [rule, severity, message]. */
const entries = (list: ProblemList) => list.all().filter((p) => p.place === '').map((p) => [p.rule, p.severity, p.message]);

describe('ProblemList caps', () => {
  it('lists 20 problems of a rule by default and counts the rest of it exactly', () => {
    const list = new ProblemList();
    for (let i = 0; i < 1234; i++) list.add(STATED[0], `/a/${i}`, 'bad');
    expect(list.all()).toHaveLength(MAX_PROBLEMS_PER_RULE + 1);
    expect(list.count).toBe(1234);
    expect(entries(list)).toEqual([[STATED[0], 'error', `and ${1234 - MAX_PROBLEMS_PER_RULE} more problems of rule ${STATED[0]} not listed (only the first ${MAX_PROBLEMS_PER_RULE} of a rule are shown)`]]);
  });

  it('caps each rule, then each severity; every problem found is listed or counted once', () => {
    const list = new ProblemList({ max: 5, maxPerRule: 2 });
    for (const rule of STATED) for (let i = 0; i < 4; i++) list.add(rule, `/${rule}/${i}`, 'bad');
    for (let i = 0; i < 3; i++) list.add(INFERRED, `/w/${i}`, 'odd');
    // Duplicates are neither listed nor counted.
    list.add(STATED[0], `/${STATED[0]}/0`, 'bad');
    list.add(STATED[3], `/${STATED[3]}/3`, 'bad');
    const all = list.all();
    expect(all.filter((p) => p.place !== '').map((p) => p.place)).toEqual([`/${STATED[0]}/0`, `/${STATED[0]}/1`, `/${STATED[1]}/0`, `/${STATED[1]}/1`, `/${STATED[2]}/0`, '/w/0', '/w/1']);
    expect(entries(list)).toEqual([
      [STATED[0], 'error', `and 2 more problems of rule ${STATED[0]} not listed (only the first 2 of a rule are shown)`],
      [STATED[1], 'error', `and 2 more problems of rule ${STATED[1]} not listed (only the first 2 of a rule are shown)`],
      [INFERRED, 'warning', `and 1 more problem of rule ${INFERRED} not listed (only the first 2 of a rule are shown)`],
      [STATED[2], 'error', 'and 7 more problems not listed (only the first 5 are shown)'],
    ]);
    expect(list.count).toBe(4 * 4 + 3);
    const counted = all.filter((p) => p.place !== '').length + entries(list).reduce((sum, [, , message]) => sum + Number(/and (\d+) more/.exec(message as string)![1]), 0);
    expect(counted).toBe(list.count);
  });

  it('tally counts a problem past a cap without its message; lists says when one would be listed', () => {
    const list = new ProblemList({ maxPerRule: 1 });
    expect(list.lists(STATED[0])).toBe(true);
    list.add(STATED[0], '/0', 'bad');
    expect(list.lists(STATED[0])).toBe(false);
    expect(list.lists(STATED[1])).toBe(true);
    list.tally(STATED[0]);
    list.tally(STATED[0]);
    expect(entries(list)).toEqual([[STATED[0], 'error', `and 2 more problems of rule ${STATED[0]} not listed (only the first 1 of a rule are shown)`]]);
  });

  it('maxProblems given: a rule may fill the list as before, and the severity entry counts the rest', () => {
    const list = new ProblemList({ max: MAX_PROBLEMS });
    for (let i = 0; i < 250; i++) list.add(STATED[0], `/${i}`, 'bad');
    expect(entries(list)).toEqual([[STATED[0], 'error', `and 150 more problems not listed (only the first ${MAX_PROBLEMS} are shown)`]]);
  });

  it(`a check may stop once ${MAX_LEFT_OUT} problems were left out; the entries then say "at least"`, () => {
    const list = new ProblemList();
    let added = 0;
    for (let i = 0; i < 1_000_000 && !list.shouldStop(); i++, added++) list.add(STATED[0], `/${i}`, 'bad');
    expect(added).toBe(MAX_LEFT_OUT + MAX_PROBLEMS_PER_RULE);
    expect(entries(list)).toEqual([[STATED[0], 'error', `and at least ${MAX_LEFT_OUT} more problems of rule ${STATED[0]} not listed (only the first ${MAX_PROBLEMS_PER_RULE} of a rule are shown)`]]);
  });
});
