/**
 * `mock --help` says what the mock does: every error code, HTTP status and meaning its help text
 * names for a flag or a `Prefer` header is read out of the text and compared with the answer the
 * mock gives when started with that flag (parsed by the command's own parser) or sent that
 * header. The `budgets` option is refused, naming the member, when its shape is wrong.
 */
import { describe, expect, it } from 'vitest';
import { authorizationHeader } from '../../src/client/auth.js';
import { parseMockArgs } from '../../src/cli/mock.js';
import { MOCK_USAGE } from '../../src/cli/usage.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { mock } from '../client/support/server.js';

type Answer = { status: number; code?: number; meaning?: string };

/** The help text of a flag: its line and the lines under it, up to the next flag. */
function flagHelp(flag: string): string {
  const lines = MOCK_USAGE.split('\n');
  const at = lines.findIndex((line) => line.startsWith(`  ${flag} `));
  expect(at, `the help has a line for ${flag}`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, i) => i > at && !/^\s{5,}/.test(line));
  return lines.slice(at, end).join(' ').replace(/\s+/g, ' ');
}

/** The error code the text names (`code 11 "User request limit exceeded."`), with its quoted meaning when there is one. */
function claimedCode(text: string): { code: number; meaning?: string } {
  const found = /code (\d+)(?: "([^"]+)")?/.exec(text);
  expect(found, text).not.toBeNull();
  return { code: Number(found![1]), ...(found![2] ? { meaning: found![2] } : {}) };
}

/** An answer of the mock reduced to what the help speaks of. */
async function ask(server: MockServer, path: string, init: { user?: [string, string]; body?: unknown; prefer?: string; contentType?: string | null } = {}): Promise<Answer> {
  const [token, secret] = init.user ?? ['help-token', 'help-secret'];
  const headers: Record<string, string> = { authorization: authorizationHeader(token, secret) };
  if (init.prefer) headers.prefer = init.prefer;
  const post = !path.endsWith('/profiles');
  if (post && init.contentType !== null) headers['content-type'] = init.contentType ?? 'application/json';
  const response = await fetch(server.url + path, { method: post ? 'POST' : 'GET', headers, ...(post ? { body: JSON.stringify(init.body ?? {}) } : {}) });
  const body = (await response.json()) as { success: boolean; errors?: { code: number; errors: string[] }[] };
  return { status: response.status, ...(body.success ? {} : { code: body.errors![0].code, meaning: body.errors![0].errors[0] }) };
}

/** The mock started as the command starts it with these flags (and the credentials of `ask`). */
const mockWith = (...flags: string[]) => {
  const { help: _, ...options } = parseMockArgs(['--token', 'help-token', '--secret', 'help-secret', '--port', '0', ...flags]);
  return mock({ ...options, token: 'help-token', secret: 'help-secret' });
};

const metricsBody = (dateStart: string) => ({ date_start: dateStart, date_end: '2020-01-02', profiles: ['164929110001'], metrics: ['fans_change'] });

describe('mock --help and the mock agree on every code', () => {
  it('--budget-user: the code (and meaning) the help names is the answer once a user has used the budget up', async () => {
    const claim = claimedCode(flagHelp('--budget-user'));
    const server = await mockWith('--budget-user', '1');
    expect(await ask(server, '/2/post/labels')).toEqual({ status: 200 });
    expect(await ask(server, '/2/post/labels')).toEqual({ status: 200, ...claim });
  });

  it('--budget-account: the code the help names is the answer once the users together have used it up', async () => {
    const claim = claimedCode(flagHelp('--budget-account'));
    const server = await mockWith('--budget-account', '1', '--user', 'other:user');
    expect(await ask(server, '/2/post/labels')).toEqual({ status: 200 });
    expect(await ask(server, '/2/post/labels', { user: ['other', 'user'] })).toEqual({ status: 200, ...claim });
  });

  it('--history-start, --forbidden, --error-rate, --unknown-error-rate and --body-timeout name the codes the mock answers', async () => {
    const history = await mockWith('--history-start', '2020-01-01');
    expect(await ask(history, '/2/facebook/metrics', { body: metricsBody('2019-12-31') })).toEqual({ status: 200, ...claimedCode(flagHelp('--history-start')) });
    const forbidden = await mockWith('--forbidden', 'POST /2/post/labels');
    const status = Number(/HTTP (\d+)/.exec(flagHelp('--forbidden'))![1]);
    expect(await ask(forbidden, '/2/post/labels')).toEqual({ status, ...claimedCode(flagHelp('--forbidden')) });
    const failing = await mockWith('--error-rate', '1');
    expect(await ask(failing, '/2/post/labels')).toMatchObject({ status: Number(/HTTP (\d+)/.exec(flagHelp('--error-rate'))![1]), ...claimedCode(flagHelp('--error-rate')) });
    const unknown = await mockWith('--unknown-error-rate', '1');
    expect(await ask(unknown, '/2/post/labels')).toMatchObject({ status: Number(/HTTP (\d+)/.exec(flagHelp('--unknown-error-rate'))![1]), ...claimedCode(flagHelp('--unknown-error-rate')) });
    expect(claimedCode(flagHelp('--body-timeout')).code).toBe(400);
  });

  it('a POST body without Content-Type: application/json gets the status and code the help names', async () => {
    const server = await mockWith();
    const said = /another type, or none, gets HTTP (\d+) with code (\d+) "([^"]+)"/.exec(MOCK_USAGE.replace(/\s+/g, ' '));
    expect(said).not.toBeNull();
    expect(await ask(server, '/2/post/labels', { contentType: null })).toEqual({ status: Number(said![1]), code: Number(said![2]), meaning: said![3] });
  });

  it('every Prefer example of the help gets the answer it says', async () => {
    const server = await mockWith();
    const text = MOCK_USAGE.replace(/\s+/g, ' ');
    const errors = [...text.matchAll(/error=(\d+):/g)].map((m) => Number(m[1]));
    expect(errors.length).toBeGreaterThanOrEqual(2);
    for (const code of errors) expect(await ask(server, '/2/facebook/metrics', { prefer: `error=${code}` }), `error=${code}`).toMatchObject({ status: 200, code });
    // The budget code the help gives as an example is the budget's.
    expect(text).toContain(`error=${claimedCode(flagHelp('--budget-user')).code}: the user's budget is used up`);
    const [, status, code] = /(\d{3}) the failure with code (\d+)/.exec(text)!;
    expect(await ask(server, '/2/facebook/metrics', { prefer: `code=${status}` })).toMatchObject({ status: Number(status), code: Number(code) });
    const statuses = /a metrics operation has ([\d, ]+)\)/.exec(text)![1].split(', ').map(Number);
    for (const s of statuses.filter((n) => n !== 200)) expect((await ask(server, '/2/facebook/metrics', { prefer: `code=${s}` })).status, `code=${s}`).toBe(s);
    expect(await ask(server, '/2/facebook/metrics', { prefer: 'code=422' })).toMatchObject({ status: 400, code: 400 });
    expect(text).toContain('Prefer: example=NAME');
  });
});

describe('the budgets option', () => {
  it.each([
    [{ user: 5 }, 'startMockServer: budgets.user is not a budget; budgets takes perUser (code 11), perAccount (code 10), requests per hour'],
    [{ perUser: '5' }, 'startMockServer: budgets.perUser must be a whole number of requests per hour from 0, got "5"'],
    [{ perAccount: -1 }, 'startMockServer: budgets.perAccount must be a whole number of requests per hour from 0, got -1'],
    [{ perAccount: 2.5 }, 'startMockServer: budgets.perAccount must be a whole number of requests per hour from 0, got 2.5'],
    [5, 'startMockServer: budgets must be an object { perUser (code 11), perAccount (code 10) } of requests per hour, got 5'],
  ])('refuses %j, naming what is wrong', async (budgets, message) => {
    await expect(startMockServer({ budgets: budgets as never })).rejects.toThrow(message);
  });

  it('takes perUser and perAccount, and members left undefined', async () => {
    const server = await mock({ budgets: { perUser: 1, perAccount: undefined } });
    expect(server.url).toMatch(/^http:/);
  });
});
