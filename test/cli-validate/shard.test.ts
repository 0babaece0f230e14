/**
 * `validate --shard i/n`: every input file is checked by exactly one shard, whichever the machine
 * or the order of the paths given; shards are balanced by size (no shard over another by more
 * than its largest file); standard input and unreadable paths go to shard 1.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildReport } from '../../src/cli/build-report.js';
import { filesOfShard, readShard, shardsOf } from '../../src/cli/shard.js';
import { parseValidateArgs } from '../../src/cli/validate-args.js';
import { invalidCapture, run, tempDir, validCapture } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());

/** The sources a run reports, one per line of the text report. */
const sourcesOf = (out: string) => out.split('\n').flatMap((line) => /^(?:ok|invalid|error|skipped)\s+(\S+?):?(?:\s|$)/.exec(line)?.[1] ?? []);

describe('validate --shard', () => {
  it('checks every file in exactly one of the shards, the same for any order of the paths', async () => {
    for (let i = 0; i < 30; i++) tmp.write(`s/${i % 3}/c${i}.json`, i % 4 ? validCapture : Array.from({ length: i }, () => invalidCapture));
    const one = sourcesOf((await run(['s', 'missing.json'], tmp.dir)).out).sort();
    const shards = [];
    for (let i = 1; i <= 4; i++) {
      const forward = sourcesOf((await run(['s/0', 's/1', 's/2', 'missing.json', '--shard', `${i}/4`], tmp.dir)).out).sort();
      const backward = sourcesOf((await run(['missing.json', 's/2', 's/1', 's/0', '--shard', `${i}/4`], tmp.dir)).out).sort();
      expect(backward).toEqual(forward);
      shards.push(forward);
    }
    expect(shards.flat().sort()).toEqual(one);
    expect(shards.every((s) => s.length > 0)).toBe(true);
    expect(shards[0]).toContain('missing.json');
  });

  it('balances the shards by size: none holds more than another by more than its largest file', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 10_000 }), { maxLength: 60 }), fc.integer({ min: 1, max: 8 }), (sizes, count) => {
        const files = sizes.map((size, i) => ({ label: `f${i}`, size }));
        const shards = shardsOf(files, count);
        const load = Array.from({ length: count }, (_, s) => files.filter((_, i) => shards[i] === s + 1));
        const bytes = load.map((l) => l.reduce((n, f) => n + f.size, 0));
        for (const [s, l] of load.entries()) {
          const largest = Math.max(0, ...l.map((f) => f.size));
          for (const other of bytes) expect(bytes[s] - other).toBeLessThanOrEqual(largest);
        }
        // Any order of the files gives each the same shard.
        const reversed = shardsOf([...files].reverse(), count).reverse();
        expect(reversed).toEqual(shards);
      }),
    );
  });

  it('gives standard input to shard 1', () => {
    const files = [{ path: '-', label: '<stdin>', stdin: true as const }];
    expect(filesOfShard(files, { index: 1, count: 2 })).toEqual(files);
    expect(filesOfShard(files, { index: 2, count: 2 })).toEqual([]);
  });

  it('checks standard input in shard 1 only, beside a folder listed as it is checked', async () => {
    for (let i = 0; i < 6; i++) tmp.write(`in/c${i}.json`, validCapture);
    const piped = async function* () {
      yield new TextEncoder().encode(JSON.stringify(validCapture));
    };
    const sources = async (index: number) => {
      const report = await buildReport({ paths: ['-', 'in'], cwd: tmp.dir, strict: false, coverage: false, allowEmpty: true, worker: null, stdin: piped(), shard: { index, count: 2 } });
      return report.items.map((item) => item.source);
    };
    const [first, second] = [await sources(1), await sources(2)];
    expect(first[0]).toBe('<stdin>');
    expect(second).not.toContain('<stdin>');
    expect([...first, ...second].sort()).toEqual(['<stdin>', ...Array.from({ length: 6 }, (_, i) => `in/c${i}.json`)].sort());
  });

  it('reads i/n and refuses anything else', () => {
    expect(readShard('2/4')).toEqual({ index: 2, count: 4 });
    expect(parseValidateArgs(['x', '--shard', '1/1'])).toMatchObject({ shard: { index: 1, count: 1 } });
    for (const bad of ['0/4', '5/4', '2', '2/0', 'a/b', '1/2/3', ''])
      expect(readShard(bad)).toEqual({ error: `--shard needs i/n, the shard i of n (1 <= i <= n, as in --shard 2/4), got ${JSON.stringify(bad)}` });
  });
});
