/**
 * Common mistakes of a builder call, each compiled in a consumer file with the TypeScript compiler
 * API: each gives exactly one error, on the line of the mistake, whose first line names the wrong
 * value and the allowed ones (their alias, or the names); a later line that reads the answer as
 * the request was meant compiles (no second error caused by the first).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CHECKER_OPTIONS } from './checker-options.js';

const here = dirname(fileURLToPath(import.meta.url));
const file = join(here, 'mistake.virtual.ts');

const options = CHECKER_OPTIONS;

const HEADER = "import { v1 } from '../../src/v1.js';\nimport { v2, type DayShape, type ResponseOf } from '../../src/v2.js';\nvoid v1;\n";
const RANGE = "date_start: '2024-01-01', date_end: '2024-01-31', profiles: ['p']";

let previous: ts.Program | undefined;

/** The errors of the consumer file `text` (after the imports): the line (1 = first line of `text`) and the first line of each message. */
function errors(text: string): { line: number; first: string }[] {
  const host = ts.createCompilerHost(options);
  const original = host.getSourceFile;
  host.getSourceFile = (name, version, onError, create) =>
    name === file ? ts.createSourceFile(name, HEADER + text, version) : original.call(host, name, version, onError, create);
  const program = ts.createProgram({ rootNames: [file], options, host, oldProgram: previous });
  previous = program;
  const headerLines = HEADER.split('\n').length - 1;
  return ts.getPreEmitDiagnostics(program).map((d) => ({
    line: d.file ? d.file.getLineAndCharacterOfPosition(d.start!).line + 1 - headerLines : 0,
    first: ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0],
  }));
}

/** A mistake: the call (line 1), then lines that use the answer as intended; the wrong value and what the message must name as allowed. */
const MISTAKES: { mistake: string; text: string; wrong: string; allowed: RegExp }[] = [
  {
    mistake: 'a misspelled metric',
    text: `const r = v2.facebook.metrics({ ${RANGE}, metrics: ['fans_chnage'] });\ndeclare const b: ResponseOf<typeof r>;\nexport const n: number[] = b.data;`,
    wrong: '"fans_chnage"',
    allowed: /'FacebookMetric'/,
  },
  {
    mistake: "another network's metric",
    text: `const r = v2.facebook.metrics({ ${RANGE}, metrics: ['followers_change'] });`,
    wrong: '"followers_change"',
    allowed: /'FacebookMetric'/,
  },
  {
    mistake: 'a version 1 name in version 2',
    text: `const r = v2.youtube.metrics({ ${RANGE}, metrics: ['subscribers_count_lifetime'] });`,
    wrong: '"subscribers_count_lifetime"',
    allowed: /'YoutubeMetric'.*"subscribers_lifetime"/,
  },
  {
    mistake: 'sort on a field that is not sortable',
    text: `const r = v2.facebook.posts({ ${RANGE}, fields: ['id'], sort: [{ field: 'message', order: 'desc' }] });`,
    wrong: '"message"',
    allowed: /'FacebookSortableField'/,
  },
  {
    mistake: 'filter on a field that is not filterable',
    text: `const r = v2.facebook.posts({ ${RANGE}, fields: ['id'], filter: [{ field: 'comments', value: 'x' }] });`,
    wrong: '"comments"',
    allowed: /'FacebookFilterableField'/,
  },
  {
    // One error naming the base dimensions; the answer's dimensions are then the whole list, its
    // data `any`, so that reading it as meant is no second error (docs/decisions/builder-typing.md:
    // keeping the requested dimensions costs more type-checking than allowed).
    mistake: 'an extra dimension the requested metric does not allow',
    text: `const r = v2.facebook.metrics({ ${RANGE}, metrics: ['fans_change'], dimensions: [{ type: 'date.day' }, { type: 'activity_type' }] });\ndeclare const b: ResponseOf<typeof r>;\nexport const n: number = b.data[0][0][0];\nexport const first: string = b.header[0].type;`,
    wrong: '"activity_type"',
    allowed: /'Dimension'/,
  },
  {
    mistake: 'a day of the wrong shape, where the day is typed with the opt-in DayShape',
    text: "const start: DayShape = '2024/01/01';\nconst r = v2.facebook.metrics({ date_start: start, date_end: '2024-01-31', profiles: ['p'], metrics: ['fans_change'] });",
    wrong: '"2024/01/01"',
    allowed: /'`\$\{number\}-\$\{number\}-\$\{number\}`'/,
  },
  {
    mistake: 'a missing member',
    text: `const r = v2.facebook.metrics({ date_start: '2024-01-01', date_end: '2024-01-31', metrics: ['fans_change'] });`,
    wrong: "metrics: \"fans_change\"[]; }'",
    allowed: /'MetricsRequest<"facebook", "fans_change"/,
  },
  {
    mistake: 'a wrong limit type',
    text: `const r = v2.facebook.posts({ ${RANGE}, fields: ['id'], limit: '100' });`,
    wrong: "'string'",
    allowed: /'number'/,
  },
];

describe('a common mistake in a builder call', () => {
  it.each(MISTAKES)('$mistake: one error, on its line, naming the wrong value and the allowed ones', ({ text, wrong, allowed }) => {
    const found = errors(text);
    expect(found).toHaveLength(1);
    expect(found[0].line).toBe(1);
    expect(found[0].first).toContain(wrong);
    expect(found[0].first).toMatch(allowed);
  });

  it('the same calls written right compile', () => {
    const right = [
      `const a = v2.facebook.metrics({ ${RANGE}, metrics: ['fans_change'], dimensions: [{ type: 'date.day' }] });`,
      `const b = v2.facebook.metrics({ ${RANGE}, metrics: ['insights_activity'], dimensions: [{ type: 'date.day' }, { type: 'activity_type' }] });`,
      `const c = v2.facebook.posts({ ${RANGE}, fields: ['id'], limit: 100, sort: [{ field: 'comments', order: 'desc' }], filter: [{ field: 'ppd_status', value: 'paid' }] });`,
      "declare const day: string;\nconst d = v1.youtube.metrics({ date_start: day, date_end: day, profiles: ['p'], metrics: ['views_change'] });",
      "const first: DayShape = '2024-01-01';\nconst e = v2.facebook.metrics({ date_start: first, date_end: first, profiles: ['p'], metrics: ['fans_change'] });",
      'export { a, b, c, d, e };',
    ].join('\n');
    expect(errors(right)).toEqual([]);
  });
});
