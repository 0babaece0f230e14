/**
 * `createClient({ onExchange })` gets every answer the client reads as a redacted capture, and
 * `writeCaptures(dir)` writes each to a file that `validate` reads: a team's tests produce
 * captures. No capture holds a header or any piece of the credentials.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCaptures } from '../../src/captures/index.js';
import { buildReport } from '../../src/cli/build-report.js';
import { ClientConfigError, createClient, type ExchangeCapture } from '../../src/client/index.js';
import { holdsCredentialPiece } from '../proxy/support/credentials.js';
import { json, startServer } from './support/hostile.js';
import { allOperations, validRequest } from './support/requests.js';
import { clientFor, mock, SECRET, TOKEN } from './support/server.js';

const dir = mkdtempSync(join(tmpdir(), 'on-exchange-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('onExchange', () => {
  it('is called with each answer, retries and failures included, as a capture', async () => {
    const server = await mock();
    server.setFaults({ serverErrorRate: 1 });
    const captures: ExchangeCapture[] = [];
    const { client } = clientFor(server, { onExchange: (c) => void captures.push(c), retry: { retries: 2 } });
    const op = allOperations.find((o) => o.key === 'POST /2/facebook/metrics')!;
    const request = validRequest(op, server.account, 4);
    await expect(client.send(request)).rejects.toMatchObject({ httpStatus: 500 });
    expect(captures.map((c) => c.status)).toEqual([500, 500, 500]);
    server.setFaults(undefined);
    const answer = await client.send(request);
    expect(captures[3]).toMatchObject({ method: 'POST', path: '/2/facebook/metrics', request: request.body, status: 200, response: answer, redacted: true });
    expect(Object.keys(captures[3]).sort()).toEqual(['method', 'path', 'recordedAt', 'redacted', 'request', 'response', 'status']);
  });

  it('redacts every echo of the credentials', async () => {
    const upstream = await startServer({
      '/2/post/labels': (req, res) => json(res, 200, { success: true, data: [{ id: `${TOKEN}:${SECRET}`, name: String(req.headers.authorization), [SECRET]: 1 }] }),
    });
    try {
      const captures: ExchangeCapture[] = [];
      const client = createClient({ token: TOKEN, secret: SECRET, baseUrl: upstream.url, onExchange: (c) => void captures.push(c) });
      await client.send({ method: 'POST', path: '/2/post/labels', body: { note: SECRET } });
      expect(captures).toHaveLength(1);
      expect(JSON.stringify(captures[0])).toContain('[redacted]');
      expect(holdsCredentialPiece(TOKEN, SECRET)(JSON.stringify(captures[0]))).toBe(false);
    } finally {
      await upstream.close();
    }
  });

  it('takes a function only', () => {
    expect(() => createClient({ token: 't', secret: 's', baseUrl: 'https://x', onExchange: 'captures' as never })).toThrow(ClientConfigError);
  });
});

describe('writeCaptures', () => {
  it('writes one file per exchange, named in time order, that validate judges as the client did', async () => {
    const server = await mock();
    const record = join(dir, 'captures');
    const writer = writeCaptures(record);
    const { client } = clientFor(server, { onExchange: writer });
    const ops = allOperations.filter((o) => o.version === 2).slice(0, 12);
    for (const [i, op] of ops.entries()) await client.send(validRequest(op, server.account, 50 + i));
    const files = readdirSync(record);
    expect(files).toHaveLength(ops.length);
    expect(writer.written).toBe(ops.length);
    // The listing sorted by name is the order of the calls.
    const paths = [...files].sort().map((f) => JSON.parse(readFileSync(join(record, f), 'utf8')).path);
    expect(paths).toEqual(ops.map((o) => o.path));
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const report = await buildReport({ paths: [record], cwd: dir, strict: false, coverage: false, allowEmpty: false });
    expect(report.summary).toMatchObject({ responses: ops.length, valid: ops.length, unreadable: 0 });
  });

  it('says which folder it cannot write to', async () => {
    await writeCaptures(dir)({ method: 'GET', path: '/2/facebook/profiles', status: 200, response: {}, recordedAt: new Date(0).toISOString(), redacted: true });
    const [name] = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(name).toMatch(/^19700101-000000\.000Z-000001-[0-9a-f]{8}-GET-2-facebook-profiles\.json$/);
    expect(() => writeCaptures(join(dir, name, 'x'))).toThrow(/^writeCaptures: cannot create the folder .*x: ENOTDIR$/);
    expect(() => writeCaptures('')).toThrow(TypeError);
  });
});
