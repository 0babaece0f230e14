/** Grouped problems: one line per rule and pointer shape, counts, first pointers, no pointer twice, the cap counts groups. */
import { afterAll, describe, expect, it } from 'vitest';
import { groupProblems, MAX_GROUPS, VALUES_SHOWN } from '../../src/report/group-problems.js';
import type { Problem, RuleId } from '../../src/report/report-types.js';
import { metricsRequest, run, tempDir } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());

/** Rule ids are opaque to the grouping: test ids stand in for register ids. */
const problem = (pointer: string, rule = 'v2.metrics.values', message = 'expected number'): Problem => ({ pointer, message, rule: rule as RuleId, severity: 'error' });

describe('groupProblems', () => {
  it('writes the indexes that vary as *, keeps the constant ones, counts each pointer once', () => {
    const { groups, omitted } = groupProblems([
      problem('/data/0/3'), problem('/data/1/3'), problem('/data/1/3'), problem('/data/7/3'),
      problem('/header/0/rows/2', 'v2.metrics.range', 'outside the range'),
      problem('/data/4/1'),
    ]);
    expect(omitted).toBe(0);
    expect(groups).toEqual([
      { rule: 'v2.metrics.values', severity: 'error', shape: '/data/*/*', message: 'expected number', count: 4, pointers: ['/data/0/3', '/data/1/3', '/data/7/3'] },
      { rule: 'v2.metrics.range', severity: 'error', shape: '/header/0/rows/2', message: 'outside the range', count: 1, pointers: ['/header/0/rows/2'] },
    ]);
    expect(groupProblems([problem('/data/0/3'), problem('/data/1/3'), problem('/data/2/3')]).groups[0].shape).toBe('/data/*/3');
  });

  it('keeps rules, severities and member names apart; problems without a rule group by message', () => {
    const { groups } = groupProblems([
      problem('/data/0'), { ...problem('/data/1'), severity: 'warning' }, problem('/data/2', 'other.rule'), problem('/header/0'),
      { pointer: '', message: 'a', rule: null, severity: 'error' }, { pointer: '', message: 'b', rule: null, severity: 'error' },
    ]);
    expect(groups.map((g) => `${g.severity} ${g.rule} ${g.shape} ${g.count}`)).toEqual([
      'error v2.metrics.values /data/0 1', 'warning v2.metrics.values /data/1 1', 'error other.rule /data/2 1', 'error v2.metrics.values /header/0 1', 'error null  1', 'error null  1',
    ]);
  });

  it('never hides what differs: a value that differs is listed, problems that differ in more than one value are not grouped', () => {
    const header = (i: number, want: string, got: string) => problem(`/header/${i}/type`, 'v2.metrics.header-order', `expected "${want}" (requested dimension ${i + 1}), got "${got}"`);
    expect(groupProblems([header(0, 'profile', 'date.day'), header(1, 'date.day', 'profile')]).groups).toMatchObject([
      { shape: '/header/0/type', message: 'expected "profile" (requested dimension 1), got "date.day"', count: 1 },
      { shape: '/header/1/type', message: 'expected "date.day" (requested dimension 2), got "profile"', count: 1 },
    ]);
    const data = (pointer: string, got: string) => problem(pointer, 'v2.metrics.data-numbers', `expected number (a metric value), got ${got}`);
    expect(groupProblems([data('/data/0/0', '"1"'), data('/data/1/0', '"1"')]).groups[0].message).toBe('expected number (a metric value), got "1"');
    expect(groupProblems([data('/data/0/0', '"1"'), data('/data/1/0', 'null'), data('/data/2/0', '2.5'), data('/data/3/0', 'null')]).groups).toMatchObject([
      { shape: '/data/*/0', message: 'expected number (a metric value), got "1", null, 2.5', count: 4 },
    ]);
    // A pointer reported twice is counted once, and each of its values is named.
    expect(groupProblems([data('/data/0/0', '"1"'), data('/data/0/0', '"2"')]).groups).toMatchObject([{ message: 'expected number (a metric value), got "1", "2"', count: 1 }]);
    // Other wording, other line.
    expect(groupProblems([data('/data/0/0', '"1"'), data('/data/1/0', 'array (2 items)')]).groups.map((g) => `${g.shape} ${g.message}`)).toEqual([
      '/data/0/0 expected number (a metric value), got "1"',
      '/data/1/0 expected number (a metric value), got array (2 items)',
    ]);
  });

  it('names every member of one object: two unexpected members, two missing required members', () => {
    const member = (message: string) => ({ ...problem('/profiles/0', 'shared.response.no-extra-members', message), severity: 'warning' as const });
    expect(groupProblems([member('unexpected property "foo"'), member('unexpected property "bar"')]).groups).toEqual([
      { rule: 'shared.response.no-extra-members', severity: 'warning', shape: '/profiles/0', message: 'unexpected property "foo", "bar"', count: 1, pointers: ['/profiles/0'] },
    ]);
    expect(groupProblems([problem('', 'v2.metrics.shape', 'missing required property "header"'), problem('', 'v2.metrics.shape', 'missing required property "data"')]).groups).toMatchObject([
      { shape: '', message: 'missing required property "header", "data"', count: 1 },
    ]);
  });

  it('lists at most VALUES_SHOWN values of a group and counts the rest', () => {
    const names = Array.from({ length: VALUES_SHOWN + 5 }, (_, i) => `"m${i}"`);
    const { groups } = groupProblems(names.map((n) => problem('/profiles/0', 'shared.response.no-extra-members', `unexpected property ${n}`)));
    expect(groups).toHaveLength(1);
    expect(groups[0].message).toBe(`unexpected property ${names.slice(0, VALUES_SHOWN).join(', ')} and 5 more`);
  });

  it('caps the number of groups, not of problems, and says how many are left out', () => {
    const many = Array.from({ length: MAX_GROUPS + 4 }, (_, i) => problem(`/data/${i}`, `rule.${i + 1}`));
    const { groups, omitted } = groupProblems([...Array.from({ length: 500 }, (_, i) => problem(`/x/${i}`, 'rule.0')), ...many]);
    expect(groups).toHaveLength(MAX_GROUPS);
    expect(groups[0].count).toBe(500);
    expect(omitted).toBe(5);
  });
});

describe('validate prints one line per group', () => {
  it('problems that differ in more than one value are lines of their own, each with its values', async () => {
    const request = { ...metricsRequest, dimensions: [{ type: 'profile' }, { type: 'date.day' }] };
    const body = { success: true, header: [{ type: 'date.day', rows: ['2026-01-01', '2026-01-02'] }, { type: 'profile', rows: ['p1'] }, { type: 'metric', rows: ['fans_change'] }], data: [[[1]], [[2]]] };
    tmp.write('swapped.json', { method: 'POST', path: '/2/facebook/metrics', request, response: body });
    const lines = (await run(['swapped.json'], tmp.dir)).out.split('\n');
    expect(lines.slice(1, 3)).toEqual([
      '           swapped.json:26:17: /header/0/type: expected "profile" (requested dimension 1), got "date.day"  [rule v2.metrics.header-order]',
      '           swapped.json:33:17: /header/1/type: expected "date.day" (requested dimension 2), got "profile"  [rule v2.metrics.header-order]',
    ]);
  });

  it('the same error at 180 places is one line with its count and the first pointers (more than the validators list by default)', async () => {
    const days = Array.from({ length: 90 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));
    const request = { date_start: days[0], date_end: days.at(-1), profiles: ['p1'], metrics: ['fans_change', 'fans_lifetime'], dimensions: [{ type: 'date.day' }] };
    const body = { success: true, header: [{ type: 'date.day', rows: days }, { type: 'metric', rows: ['fans_change', 'fans_lifetime'] }], data: days.map(() => ['1', '1']) };
    tmp.write('many.json', { method: 'POST', path: '/2/facebook/metrics', request, response: body });
    const result = await run(['many.json'], tmp.dir);
    expect(result.code).toBe(1);
    const lines = result.out.split('\n');
    expect(lines[0]).toBe('invalid  many.json  POST /2/facebook/metrics (HTTP 200)');
    expect(lines[1]).toMatch(/^ {11}many\.json:\d+:\d+: \/data\/\*\/\*: expected number \(a metric value\), got "1" \(180 places: \/data\/0\/0, \/data\/0\/1, \/data\/1\/0, \.\.\.\)  \[rule v2\.metrics\.data-numbers\]$/);
    expect(lines[2]).toBe('');
    const json = JSON.parse((await run(['many.json', '--json'], tmp.dir)).out);
    expect(json.results[0].errors).toHaveLength(180);
    expect(json.results[0].groups).toMatchObject([{ shape: '/data/*/*', count: 180, pointers: ['/data/0/0', '/data/0/1', '/data/1/0'] }]);
  });
});
