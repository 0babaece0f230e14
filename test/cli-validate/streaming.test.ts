/**
 * Files are read and checked entry by entry: the first capture of an array is handed out while
 * the rest of the file has not been written yet (a named pipe whose writer waits for it).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { readInputItems } from '../../src/captures/read-inputs.js';
import { tempDir, validCapture } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());

describe('reading as the file is written', () => {
  it.skipIf(process.platform === 'win32')('hands out the first capture before the file is complete', async () => {
    const fifo = tmp.path('captures.json');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    tmp.write('first.txt', `[${JSON.stringify(validCapture)},\n`);
    tmp.write('rest.txt', `${JSON.stringify({ ...validCapture, path: '/2/twitter/metrics' })}]`);
    // The writer sends the rest once the reader has handed out the first capture (or after 5 s,
    // so that a reader that waits for the whole file fails instead of hanging).
    const wait = 'i=0; while [ ! -e first-read ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i+1)); done';
    const writer = spawn('sh', ['-c', `{ cat first.txt; ${wait}; touch rest-sent; cat rest.txt; } > captures.json`], { cwd: tmp.dir });
    const seen: string[] = [];
    for await (const item of readInputItems(fifo, 'captures.json')) {
      // Whether the rest of the file had been sent when this item was handed out.
      seen.push(item.kind === 'response' ? `${item.source} ${item.path}, rest ${existsSync(tmp.path('rest-sent')) ? 'sent' : 'not sent'}` : item.kind);
      if (seen.length === 1) tmp.write('first-read', '');
    }
    await new Promise((resolve) => writer.on('close', resolve));
    expect(seen).toEqual(['captures.json#0 /2/facebook/metrics, rest not sent', 'captures.json#1 /2/twitter/metrics, rest sent']);
  }, 20_000);
});
