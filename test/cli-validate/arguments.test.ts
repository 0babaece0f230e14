/** The command line of `validate` read with parseArgs: `--output` beside its reporter on either side, one-line usage errors. */
import { describe, expect, it } from 'vitest';
import { readOptions } from '../../src/cli/parse-options.js';
import { parseValidateArgs } from '../../src/cli/validate-args.js';
import { run, tempDir } from './helpers.js';

const reporters = (args: string[]) => {
  const parsed = parseValidateArgs(args);
  return 'error' in parsed ? parsed : parsed.reporters;
};

describe('--output pairs with the reporter next to it', () => {
  it('after its reporter, or before it', () => {
    expect(reporters(['captures', '--reporter', 'junit', '--output', 'x.xml'])).toEqual([{ name: 'junit', output: 'x.xml' }]);
    expect(reporters(['captures', '--output', 'reports/x.txt', '--reporter', 'junit'])).toEqual([{ name: 'junit', output: 'reports/x.txt' }]);
    expect(reporters(['--output=x.json', '--json', 'captures'])).toEqual([{ name: 'json', output: 'x.json' }]);
  });

  it('inputs and flags in between do not count', () => {
    expect(reporters(['--reporter', 'junit', 'captures', '--strict', '--output', 'x.xml'])).toEqual([{ name: 'junit', output: 'x.xml' }]);
    expect(reporters(['-o', 'x.xml', 'captures', '--reporter', 'junit', 'more'])).toEqual([{ name: 'junit', output: 'x.xml' }]);
  });

  it('takes the reporter before it first, then the one after it', () => {
    expect(reporters(['a', '--reporter', 'json', '-o', 'r.json', '--reporter', 'junit', '-o', 'r.xml'])).toEqual([
      { name: 'json', output: 'r.json' },
      { name: 'junit', output: 'r.xml' },
    ]);
    expect(reporters(['a', '--output', 'r.json', '--reporter', 'json', '--output', 'r.xml', '--reporter', 'junit'])).toEqual([
      { name: 'json', output: 'r.json' },
      { name: 'junit', output: 'r.xml' },
    ]);
    expect(reporters(['a', '--reporter', 'junit=r.xml', '--output', 'r.json', '--reporter', 'json'])).toEqual([
      { name: 'junit', output: 'r.xml' },
      { name: 'json', output: 'r.json' },
    ]);
  });

  it('says in one line how to write an --output that has no reporter beside it', () => {
    expect(reporters(['a', '--output', 'x.xml'])).toEqual({ error: '--output x.xml: write it next to the reporter it is for, as in --reporter junit --output x.xml' });
    expect(reporters(['a', '-o', 'x.txt', '-o', 'y.json', '--reporter', 'json'])).toEqual({ error: '-o x.txt: write it next to the reporter it is for, as in --reporter text --output x.txt' });
    expect(reporters(['a', '--output', 'a.xml', '--reporter', 'junit', '--output', 'b.xml'])).toEqual({ error: '--output b.xml: reporter junit already writes to a.xml' });
  });
});

describe('option syntax', () => {
  it('values inline or separate; -o=FILE as --output=FILE; - is an input; after -- everything is an input', () => {
    expect(parseValidateArgs(['--reporter=junit', '-o=r.xml', '-', '--', '--strict'])).toEqual({
      paths: ['-', '--strict'],
      reporters: [{ name: 'junit', output: 'r.xml' }],
      strict: false,
      coverage: false,
      allowEmpty: false,
      help: false,
    });
    expect(parseValidateArgs(['x', '--strict', '--coverage', '--allow-empty', '-h'])).toMatchObject({ strict: true, coverage: true, allowEmpty: true, help: true });
  });

  it('names the option that is wrong', () => {
    expect(parseValidateArgs(['x', '--stritc'])).toEqual({ error: 'unknown option --stritc' });
    expect(parseValidateArgs(['x', '-q'])).toEqual({ error: 'unknown option -q' });
    expect(parseValidateArgs(['x', '--strict=yes'])).toEqual({ error: '--strict takes no value (got "yes")' });
    expect(parseValidateArgs(['x', '--reporter', '--json'])).toEqual({ error: '--reporter needs a value before --json' });
    expect(parseValidateArgs(['x', '--output'])).toEqual({ error: '--output needs a file name' });
    expect(parseValidateArgs(['x', '--reporter='])).toMatchObject({ error: expect.stringContaining('--reporter needs a value') });
    expect(parseValidateArgs(['x', '--reporter', 'junit='])).toEqual({ error: '--reporter junit=: the file name is missing' });
  });

  it('--threads N takes a number of checking threads from 0 to 16', () => {
    expect(parseValidateArgs(['x', '--threads', '0'])).toMatchObject({ threads: 0 });
    expect(parseValidateArgs(['x', '--threads=2'])).toMatchObject({ threads: 2 });
    expect(parseValidateArgs(['x'])).not.toHaveProperty('threads');
    for (const bad of ['-1', '17', 'two', '1.5', '']) {
      expect(parseValidateArgs(['x', `--threads=${bad}`])).toEqual({ error: `--threads needs a number of checking threads from 0 to 16, got ${JSON.stringify(bad)}` });
    }
  });

  it('readOptions keeps the command line order of options and inputs', () => {
    expect(readOptions(['a', '--n', '1', 'b', '-f'], { n: { type: 'string' }, flag: { type: 'boolean', short: 'f' } })).toEqual({
      tokens: [
        { kind: 'positional', value: 'a' },
        { kind: 'option', name: 'n', rawName: '--n', value: '1' },
        { kind: 'positional', value: 'b' },
        { kind: 'option', name: 'flag', rawName: '-f', value: undefined },
      ],
    });
  });
});

describe('usage errors', () => {
  const tmp = tempDir();

  it('print the one line that is wrong and where to find more, never the whole help, and exit 2', async () => {
    for (const args of [['--stritc', 'x.json'], [], ['x.json', '--output', 'x.xml'], ['x.json', '--reporter', 'xml']]) {
      const result = await run(args, tmp.dir);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.out).toBe('');
      const lines = result.err.split('\n');
      expect(lines, args.join(' ')).toHaveLength(2);
      expect(lines[0]).toMatch(/^social-analytics-api validate: \S/);
      expect(lines[1]).toBe('run social-analytics-api validate --help for more');
    }
    tmp.remove();
  });
});
