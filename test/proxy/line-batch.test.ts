import { describe, expect, it } from 'vitest';
import { lineBatch } from '../../src/proxy/line-batch.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the proxy progress lines, in batches', () => {
  it('writes the lines of one turn together, in order, after the turn', async () => {
    const writes: string[] = [];
    const lines = lineBatch((t) => writes.push(t));
    lines.line('GET /a 200 ok');
    lines.line('GET /b 200 ok');
    lines.line('GET /c 404 invalid');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['GET /a 200 ok\nGET /b 200 ok\nGET /c 404 invalid']);
    lines.line('GET /d 200 ok');
    await nextTurn();
    expect(writes).toEqual(['GET /a 200 ok\nGET /b 200 ok\nGET /c 404 invalid', 'GET /d 200 ok']);
  });

  it('holds no more than maxLines: a full batch is written at once', async () => {
    const writes: string[] = [];
    const lines = lineBatch((t) => writes.push(t), 2);
    for (const l of ['1', '2', '3', '4', '5']) lines.line(l);
    expect(writes).toEqual(['1\n2', '3\n4']);
    await nextTurn();
    expect(writes).toEqual(['1\n2', '3\n4', '5']);
  });

  it('flush writes what waits now, and nothing is written twice or left behind', async () => {
    const writes: string[] = [];
    const lines = lineBatch((t) => writes.push(t));
    lines.line('a');
    lines.flush();
    expect(writes).toEqual(['a']);
    await nextTurn();
    lines.flush();
    expect(writes).toEqual(['a']);
  });
});
