/**
 * A reader slower than the checks holds them back: while what the command wrote waits for its
 * reader (`backlog`), no more input is checked, so the report does not pile up in memory; once it
 * drains, checking goes on and the report is whole. Counted in lines written, not timed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runValidate } from '../../src/cli/validate.js';
import { tempDir, validCapture } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());

/** Turns of the event loop (a run that does not wait would end within them). */
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('a slow reader of the report', () => {
  const captures = Array.from({ length: 40 }, () => validCapture);
  const har = { log: { version: '1.2', creator: { name: 't', version: '1' }, entries: captures.map(() => ({ request: { method: 'POST', url: 'https://api.example.invalid/2/facebook/metrics', postData: { mimeType: 'application/json', text: JSON.stringify(validCapture.request) } }, response: { status: 200, content: { mimeType: 'application/json', text: JSON.stringify(validCapture.response) } } })) } };
  const files = [tmp.write('captures.json', captures), tmp.write('log.har', har)];

  for (const threads of [['--threads', '0'], []]) {
    it(`holds the checks back until it has read what was written (a HAR and an array of captures, ${threads.join(' ') || 'threads as shipped'})`, async () => {
      const unbounded: string[] = [];
      expect(await runValidate([...files, ...threads], { out: (t) => unbounded.push(t), err: () => {}, cwd: tmp.dir, env: {} })).toBe(0);
      const lines: string[] = [];
      let release: (() => void) | undefined;
      let backlog: Promise<void> | undefined;
      const run = runValidate([...files, ...threads], {
        out(text) {
          lines.push(text);
          // Behind after the fifth write, and again after the thirtieth.
          if (lines.length === 5 || lines.length === 30) backlog = new Promise((resolve) => (release = () => ((backlog = undefined), resolve())));
        },
        err: () => {},
        cwd: tmp.dir,
        env: {},
        backlog: () => backlog,
      });
      for (const behind of [5, 30]) {
        await turns(50);
        expect(lines).toHaveLength(behind);
        release!();
      }
      expect(await run).toBe(0);
      expect(lines).toEqual(unbounded);
      expect(lines.length).toBeGreaterThan(40);
    });
  }
});

describe('a slow reader of a report written whole at the end', () => {
  // 3,000 results: reports whose spooled lists (json, sarif, junit) run to more than one chunk of the spool.
  const many = Array.from({ length: 3000 }, () => ({ ...validCapture, response: { ...validCapture.response, extra: 'x'.repeat(400) } }));
  const file = tmp.write('many.json', many);

  for (const reporter of ['json', 'sarif', 'junit']) {
    it(`${reporter}: nothing more is written while the reader is behind, as the first report and after another one`, async () => {
      for (const reporters of [[reporter], ['text', reporter]]) {
        const what = reporters.join(' + ');
        const args = [file, '--threads', '0', ...reporters.flatMap((r) => ['--reporter', r])];
        const unbounded: string[] = [];
        await runValidate(args, { out: (t) => unbounded.push(t), err: () => {}, cwd: tmp.dir, env: {} });
        const total = unbounded.join('\n').length;
        let written = 0;
        let linesWhenBehind = -1;
        let release: (() => void) | undefined;
        let backlog: Promise<void> | undefined;
        const lines: string[] = [];
        const run = runValidate(args, {
          out(text) {
            lines.push(text);
            written += text.length;
            // Behind once 60% of the text is written (in the spooled lists written at the end).
            if (linesWhenBehind < 0 && written > total * 0.6) {
              linesWhenBehind = lines.length;
              backlog = new Promise((resolve) => (release = () => ((backlog = undefined), resolve())));
            }
          },
          err: () => {},
          cwd: tmp.dir,
          env: {},
          backlog: () => backlog,
        });
        await turns(200);
        expect(linesWhenBehind, `${what}: the reader fell behind`).toBeGreaterThan(0);
        expect(lines.length, `${what}: lines written while behind`).toBe(linesWhenBehind);
        expect(written, `${what}: some of the report is still to come`).toBeLessThan(total);
        release!();
        await run;
        // The same report (JUnit's check times aside).
        const untimed = (text: string[]) => text.join('\n').replace(/ time="[^"]*"/g, '');
        expect(untimed(lines), what).toBe(untimed(unbounded));
      }
    });
  }
});
