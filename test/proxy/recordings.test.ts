/**
 * Recordings safe to commit: names unique between recorders sharing a process (as vitest's worker
 * threads do) and a folder, files 0600 in a 0700 folder unless asked otherwise, the folder made
 * once at the start (a folder that cannot be made is one error, exit 2 for the command), and no
 * credential of any form (Basic, Bearer, a second Authorization header, a cookie, a query
 * parameter or body member named as a credential) in a recorded file or a printed line.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCaptures, type ExchangeCapture } from '../../src/captures/index.js';
import { exchangeLine, runProxy } from '../../src/cli/proxy.js';
import { isCredentialName, redactCredentialMembers, redactCredentialQuery, requestCredentials } from '../../src/client/credential-names.js';
import { startProxy, type ProxyExchange } from '../../src/proxy/index.js';
import { startServer } from '../client/support/hostile.js';

const dir = mkdtempSync(join(tmpdir(), 'proxy-record-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const capture = (path: string): ExchangeCapture => ({ method: 'GET', path, status: 200, response: { success: true, profiles: [] }, recordedAt: '2026-11-27T13:40:01.123Z', redacted: true });

describe('the recorder', () => {
  it('gives every capture its own file when recorders share a process, a folder and a millisecond', async () => {
    const folder = join(dir, 'shared');
    const recorders = [writeCaptures(folder), writeCaptures(folder), writeCaptures(folder)];
    const files = await Promise.all(recorders.flatMap((record) => Array.from({ length: 20 }, () => record(capture('/2/facebook/profiles')))));
    expect(new Set(files).size).toBe(60);
    expect(readdirSync(folder)).toHaveLength(60);
    expect(recorders.map((r) => r.written)).toEqual([20, 20, 20]);
  });

  it('writes files 0600 in a folder made 0700, or as asked', async () => {
    const folder = join(dir, 'private', 'deeper');
    const file = await writeCaptures(folder)(capture('/2/facebook/profiles'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'private')).mode & 0o777).toBe(0o700);
    const shared = await writeCaptures(join(dir, 'shared-mode'), { fileMode: 0o644, dirMode: 0o755 })(capture('/2/facebook/profiles'));
    expect(statSync(shared).mode & 0o777).toBe(0o644);
    expect(() => writeCaptures(join(dir, 'bad'), { fileMode: 0o1777 })).toThrow(RangeError);
  });

  it.runIf(process.platform === 'linux')('refuses at once a folder that cannot be made (under /proc), and the command exits 2 with one line', async () => {
    expect(() => writeCaptures('/proc/self/no-such/captures')).toThrow(/^writeCaptures: cannot create the folder \/proc\/self\/no-such\/captures: E[A-Z]+$/);
    const target = await startServer({});
    const lines: string[] = [];
    try {
      const code = await runProxy(['--target', target.url, '--port', '0', '--record', '/proc/self/no-such/captures'], { out: (t) => lines.push(t), err: (t) => lines.push(t), env: {}, stopped: new Promise(() => undefined) });
      expect(code).toBe(2);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^social-analytics-api proxy: cannot start: writeCaptures: cannot create the folder \/proc\/self\/no-such\/captures: E[A-Z]+$/);
    } finally {
      await target.close();
    }
  });
});

describe('credentials in recordings and lines', () => {
  it('names a credential by its words', () => {
    expect(['api_key', 'apiKey', 'X-Api-Key', 'access_token', 'accessToken', 'client_secret', 'password', 'oauth', 'jsessionid', 'apikey'].filter((n) => !isCredentialName(n))).toEqual([]);
    expect(['keyword', 'sortKeys', 'author', 'profiles', 'metrics', 'date_start', 'fields', 'tokens_count'].filter(isCredentialName)).toEqual([]);
    expect(redactCredentialQuery('/p?a=1&api_key=abc&access_token=x%20y&keyword=k')).toBe('/p?a=1&api_key=[redacted]&access_token=[redacted]&keyword=k');
    expect(redactCredentialMembers({ a: [{ access_token: 'v', n: 1, nested: { password: 5, keep: 'k' } }], secret: null })).toEqual({ a: [{ access_token: '[redacted]', n: 1, nested: { password: '[redacted]', keep: 'k' } }], secret: null });
    const one = { a: 1 };
    expect(redactCredentialMembers(one)).toBe(one);
    expect(requestCredentials(['Authorization', 'Bearer abc.def', 'authorization', `Basic ${Buffer.from('tok:sec').toString('base64')}`, 'Cookie', 'lang=en; sid=s1; tracking=0123456789abcdef'], '/x?token=q1', '{"body":{"client_secret":"b1"}}')).toEqual({
      pairs: [['tok', 'sec']],
      secrets: ['abc.def', 's1', '0123456789abcdef', 'q1', 'b1'],
    });
  });

  it('records and prints none of them, whatever form the request carried them in', async () => {
    const secrets = { bearer: 'bearer-0123456789-abcdef', basicToken: 'second-token-xyz', basicSecret: 'second-secret-uvw', cookie: 'cookie-session-7777777', apiKey: 'query-api-key-55555', accessToken: 'query-access-tok-4444', bodyToken: 'body-access-token-3333' };
    const upstream = await startServer({
      '/2/facebook/profiles': (req, res, { url }) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: true, profiles: [], echo: { headers: req.headers, query: url.search, raw: req.rawHeaders }, access_token: secrets.accessToken }));
      },
      '/2/post/labels': (req, res, { body }) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: true, data: [{ id: '1', name: `${body} ${String(req.headers.cookie)}` }] }));
      },
    });
    const record = join(dir, 'credentials');
    const exchanges: ProxyExchange[] = [];
    const proxy = await startProxy({ target: upstream.url, record, onExchange: (e) => exchanges.push(e) });
    const send = (method: string, path: string, body?: string) =>
      new Promise<void>((resolve, reject) => {
        const basic = `Basic ${Buffer.from(`${secrets.basicToken}:${secrets.basicSecret}`).toString('base64')}`;
        const req = httpRequest({ hostname: '127.0.0.1', port: proxy.port, method, path, agent: false, headers: { authorization: [`Bearer ${secrets.bearer}`, basic] as unknown as string, cookie: `lang=en; session=${secrets.cookie}`, ...(body ? { 'content-type': 'application/json' } : {}) } }, (res) => {
          res.resume();
          res.on('end', resolve);
        });
        req.on('error', reject);
        req.end(body);
      });
    try {
      await send('GET', `/2/facebook/profiles?api_key=${secrets.apiKey}&access_token=${secrets.accessToken}`);
      await send('POST', `/2/post/labels`, JSON.stringify({ access_token: secrets.bodyToken }));
    } finally {
      await proxy.close();
      await upstream.close();
    }
    const files = readdirSync(record);
    expect(files).toHaveLength(2);
    const texts = [...exchanges.map(exchangeLine), ...files.map((f) => f + readFileSync(join(record, f), 'utf8'))];
    expect(texts.join('\n')).toContain('[redacted]');
    for (const secret of Object.values(secrets)) expect(texts.filter((t) => t.includes(secret) || t.includes(Buffer.from(secret).toString('base64').slice(0, 12)))).toEqual([]);
  });
});
