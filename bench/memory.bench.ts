/**
 * Memory of validating a large posts body (issue 13: less than the body itself): in a fresh
 * node process with a young generation large enough that no garbage collection runs during the
 * call, the heap growth across one validateResponse call is every byte it allocated, so it bounds
 * the peak heap delta from above. Compared with the body's JSON size and with the heap the parsed
 * body occupies (measured the same way around JSON.parse).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postsShape } from './bodies.js';
import { bundleValidators, runChild } from './child.js';
import { inputOf } from './ratio.js';
import type { BenchRow } from './types.js';

/**
 * A page of 500 facebook posts with every field (1.6 MB, the largest valid page), and the 2.6 MB
 * body the issue names: 800 such posts in one body (one problem: more posts than `limit`).
 */
function postsInputs() {
  const page = postsShape(2, 500, true);
  const posts = (page.body as { data: { posts: unknown[] } }).data.posts;
  const large = { success: true, data: { posts: [...posts, ...posts.slice(0, 300)] } };
  return [
    { label: '500 posts x all fields, with request', input: inputOf(page, true, false) },
    { label: '800 posts x all fields, with request', input: inputOf(page, true, false, large) },
  ];
}

const SCRIPT = `
import { readFileSync } from 'node:fs';
const { validateResponse } = await import('./validators.mjs');
const read = (name) => readFileSync(new URL(name, import.meta.url), 'utf8');
const request = JSON.parse(read('./input.json'));
const text = read('./body.json');
const warm = { ...request, body: JSON.parse(text) };
validateResponse(warm); validateResponse(warm);
const heap = () => process.memoryUsage().heapUsed;
globalThis.gc();
let before = heap();
const input = { ...request, body: JSON.parse(text) };
const parsed = heap() - before;
globalThis.gc();
before = heap();
const result = validateResponse(input);
const allocated = heap() - before;
console.log(JSON.stringify({ parsed, allocated, valid: result.valid, errors: result.errors.length }));
`;

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;

export async function run(): Promise<BenchRow[]> {
  const work = mkdtempSync(join(tmpdir(), 'sa-bench-memory-'));
  try {
    await bundleValidators(work);
    writeFileSync(join(work, 'memory.mjs'), SCRIPT);
    return postsInputs().map(({ label, input }) => {
      const body = JSON.stringify(input.body);
      const bodyBytes = Buffer.byteLength(body);
      writeFileSync(join(work, 'input.json'), JSON.stringify({ ...input, body: undefined }));
      writeFileSync(join(work, 'body.json'), body);
      const figure = JSON.parse(runChild(join(work, 'memory.mjs'), ['--expose-gc', '--max-semi-space-size=128'])) as { parsed: number; allocated: number; valid: boolean; errors: number };
      const ratio = figure.allocated / bodyBytes;
      return {
        name: `memory: validateResponse of a ${mb(bodyBytes)} posts body (${label}; ${figure.valid ? 'valid' : `${figure.errors} problem(s)`})`,
        value: `peak heap delta <= ${mb(figure.allocated)} (all it allocated, no GC during the call)`,
        baseline: `body ${mb(bodyBytes)} JSON, ${mb(figure.parsed)} parsed on the heap`,
        ratio: `${ratio.toFixed(2)}x body size`,
        target: '< 1x body size',
        ok: ratio < 1,
      };
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
