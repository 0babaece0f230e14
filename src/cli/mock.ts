/**
 * `social-analytics-api mock [--host H] [--port 4010] [--token T --secret S] [--user T:S]... [--seed N]
 * [--no-limits] [--no-cors] [--budget-user N] [--budget-account N] [--history-start DAY]
 * [--forbidden "METHOD /path"]... [fault rates] [--headers-timeout MS] [--body-timeout MS]`:
 * runs the catalog-aware mock server (on 127.0.0.1 unless --host) until SIGINT or SIGTERM. Every
 * option of `startMockServer` but the clock and the request log has its flag.
 */
import { operations } from '../../generated/operations.js';
import { startMockServer, type MockServerOptions } from '../mock/index.js';
import { catalogs } from '../catalog/catalogs.js';
import { BUDGET_LIMITS } from '../mock/budget.js';
import { statusesOf } from '../mock/prefer.js';
import { readOptions, type OptionTable } from './parse-options.js';

/** The meaning of an error code in the error catalog, for the help text. */
const meaning = (code: number) => catalogs.errors.find((e) => e.code === code)?.meaning ?? '';
const { perUser, perAccount } = BUDGET_LIMITS;
const statuses = statusesOf({ key: 'POST /2/facebook/metrics', version: 2 }).join(', ');

/**
 * The help text. The codes and defaults it names come from the catalogs (limits.yaml, errors.yaml)
 * that the mock answers from, so that the two cannot say different things
 * (test/mock/mock-help.test.ts compares each with the mock's answers).
 */
export const MOCK_USAGE = `usage: social-analytics-api mock [options]

Runs the mock server of the social analytics API until Ctrl-C (SIGINT) or SIGTERM. Every option
of startMockServer (social-analytics-api/mock) has its flag.

options:
  --host H          address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 in a
                    container, so that other containers reach it: a CI or compose service)
  --port N          port to listen on (default 4010; 0 picks a free port)
  --token T         accepted token (default mock-token)
  --secret S        accepted secret (default mock-secret)
  --user T:S        a further user of the same account (repeat for several; they share the
                    account budget)
  --seed N          seed of the fake data and the faults (default 1)
  --budget-user N   requests per hour of each user before code ${perUser.errorCode} "${meaning(perUser.errorCode)}"
                    (default ${perUser.value}, the documented limit; budgets.perUser)
  --budget-account N  requests per hour of all users together before code ${perAccount.errorCode}
                    "${meaning(perAccount.errorCode)}" (default ${perAccount.value}; budgets.perAccount)
  --history-start DAY  first day with data, YYYY-MM-DD; an earlier date_start gets code 6
                    "${meaning(6)}" (default 2015-01-01)
  --forbidden OP    answer the operation OP ("POST /2/facebook/metrics") with HTTP 403, code 403
                    "${meaning(403)}"; repeat for several
  --no-limits       accept metrics requests over the profiles / metrics / months limits
  --no-cors         send no CORS headers and answer preflights (OPTIONS) like any request
                    (default: web pages of any origin may call the mock)
  --latency MS      delay every answer by MS milliseconds
  --error-rate R    answer a share R (0..1) of requests with HTTP 500, code 500
  --malformed-rate R  answer a share R with HTTP 200 and a cut, non-JSON body
  --drop-rate R     close the connection of a share R without an answer
  --unknown-error-rate R  answer a share R with code 99 "${meaning(99)}" (HTTP 200)
  --fault-seed N    seed of the fault sequence (default: --seed)
  --headers-timeout MS  close a connection whose request headers take longer (default 30000)
  --body-timeout MS     answer HTTP 400 (code 400) and close a connection whose request body
                        takes longer once the headers are in (default 30000)
  -h, --help        show this help

answers like the API: JSON failures with the documented codes and HTTP statuses.
  A POST body must be sent with Content-Type: application/json (charset utf-8 if one is
  named); another type, or none, gets HTTP 400 with code 400 "${meaning(400)}" (the documents
  list no 415, which Prism answers). Values of a request quoted in a failure are cut to their
  first 40 characters.

answers on request, with a Prefer header (code= and example= as Prism reads them; other
preferences are ignored):
  Prefer: code=S        the documented answer of HTTP status S, as Prism picks it: 200 the
                        usual answer, 401 the failure with code 401, ... (a metrics operation
                        has ${statuses})
  Prefer: error=N       the documented failure with the API error code N, if the operation
                        has it, with its HTTP status (error=${perUser.errorCode}: the user's budget is used up;
                        error=6: a date before the history limit)
  Prefer: example=NAME  the example NAME of the operation's HTTP 200 answer in the OpenAPI
                        documents (for example example=failure)
  A status, code or example the operation does not have gets HTTP 400 (code 400) naming those
  it has. Answers chosen by Prefer do not count against the hourly budgets.`;

/** The options `mock` takes; a new flag gets a line here, a case below and a line in MOCK_USAGE. */
const MOCK_OPTIONS: OptionTable = {
  port: { type: 'string' },
  token: { type: 'string' },
  secret: { type: 'string' },
  seed: { type: 'string' },
  'no-limits': { type: 'boolean' },
  'no-cors': { type: 'boolean' },
  latency: { type: 'string' },
  'error-rate': { type: 'string' },
  host: { type: 'string' },
  user: { type: 'string' },
  'budget-user': { type: 'string' },
  'budget-account': { type: 'string' },
  'history-start': { type: 'string' },
  forbidden: { type: 'string' },
  'malformed-rate': { type: 'string' },
  'drop-rate': { type: 'string' },
  'unknown-error-rate': { type: 'string' },
  'fault-seed': { type: 'string' },
  'headers-timeout': { type: 'string' },
  'body-timeout': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

/** Parses the arguments into server options; throws with a message naming the bad option. */
export function parseMockArgs(args: string[]): MockServerOptions & { help?: boolean } {
  const read = readOptions(args, MOCK_OPTIONS);
  if ('error' in read) throw new Error(read.error);
  const options: MockServerOptions & { help?: boolean } = { port: 4010 };
  const number = (flag: string, value: string | undefined, min: number, max: number): number => {
    const n = Number(value);
    if (value === undefined || value === '' || !Number.isFinite(n) || n < min || n > max) throw new Error(`option ${flag} needs a number from ${min} to ${max}, got ${value === undefined ? 'nothing' : JSON.stringify(value)}`);
    return n;
  };
  const whole = (flag: string, value: string | undefined, min: number, max: number): number => {
    const n = number(flag, value, min, max);
    if (!Number.isInteger(n)) throw new Error(`option ${flag} needs a whole number`);
    return n;
  };
  for (const token of read.tokens) {
    if (token.kind === 'positional') throw new Error(`unexpected argument "${token.value}": mock takes options only`);
    const { name, value } = token;
    const flag = `--${name}`;
    switch (name) {
      case 'help':
        options.help = true;
        break;
      case 'port':
        options.port = number(flag, value, 0, 65535);
        if (!Number.isInteger(options.port)) throw new Error('option --port needs a whole number');
        break;
      case 'seed':
        options.seed = number(flag, value, 0, 2 ** 32 - 1);
        break;
      case 'token':
      case 'secret':
        if (!value) throw new Error(`option ${flag} needs a value`);
        options[name] = value;
        break;
      case 'no-limits':
        options.limits = false;
        break;
      case 'no-cors':
        options.cors = false;
        break;
      case 'latency':
        options.faults = { ...options.faults, latencyMs: number(flag, value, 0, 60_000) };
        break;
      case 'error-rate':
        options.faults = { ...options.faults, serverErrorRate: number(flag, value, 0, 1) };
        break;
      case 'host':
        if (!value) throw new Error(`option ${flag} needs an address (127.0.0.1, 0.0.0.0, ::)`);
        options.host = value;
        break;
      case 'user': {
        const colon = value?.indexOf(':') ?? -1;
        if (!value || colon < 1 || colon === value.length - 1) throw new Error(`option ${flag} needs TOKEN:SECRET, got ${value === undefined ? 'nothing' : 'a value without both'}`);
        options.users = [...(options.users ?? []), { token: value.slice(0, colon), secret: value.slice(colon + 1) }];
        break;
      }
      case 'budget-user':
        options.budgets = { ...options.budgets, perUser: whole(flag, value, 0, 1e9) };
        break;
      case 'budget-account':
        options.budgets = { ...options.budgets, perAccount: whole(flag, value, 0, 1e9) };
        break;
      case 'history-start':
        if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new Error(`option ${flag} needs a day YYYY-MM-DD, got ${value === undefined ? 'nothing' : JSON.stringify(value)}`);
        options.historyStart = value;
        break;
      case 'forbidden': {
        const key = (value ?? '').trim().replace(/\s+/, ' ');
        const known = operations.some((op) => op.key === key);
        if (!known) throw new Error(`option ${flag} needs an operation "METHOD /path" such as "POST /2/facebook/metrics", got ${JSON.stringify(value ?? '')}`);
        options.forbidden = [...(options.forbidden ?? []), key];
        break;
      }
      case 'malformed-rate':
        options.faults = { ...options.faults, malformedRate: number(flag, value, 0, 1) };
        break;
      case 'drop-rate':
        options.faults = { ...options.faults, dropRate: number(flag, value, 0, 1) };
        break;
      case 'unknown-error-rate':
        options.faults = { ...options.faults, unknownErrorRate: number(flag, value, 0, 1) };
        break;
      case 'fault-seed':
        options.faults = { ...options.faults, seed: whole(flag, value, 0, 2 ** 32 - 1) };
        break;
      case 'headers-timeout':
        options.headersTimeoutMs = whole(flag, value, 1, 3_600_000);
        break;
      case 'body-timeout':
        options.bodyTimeoutMs = whole(flag, value, 1, 3_600_000);
        break;
    }
  }
  return options;
}

/** Runs the mock server until SIGINT/SIGTERM; resolves with the exit code. */
export async function runMock(args: string[]): Promise<number> {
  let options: ReturnType<typeof parseMockArgs>;
  try {
    options = parseMockArgs(args);
  } catch (error) {
    console.error(`social-analytics-api mock: ${(error as Error).message}\nrun social-analytics-api mock --help for more`);
    return 2;
  }
  if (options.help) {
    console.log(MOCK_USAGE);
    return 0;
  }
  const { help: _help, ...serverOptions } = options;
  let server;
  try {
    // Nobody reads the request log of the command: it keeps none.
    server = await startMockServer({ ...serverOptions, logSize: 0 });
  } catch (error) {
    console.error(`social-analytics-api mock: cannot start the server: ${(error as Error).message}`);
    return 2;
  }
  // The signals are listened for before the server says it listens: a supervisor that stops it at
  // once (a CI step, a test) gets a clean stop, not Node's default death by the signal.
  const stopped = new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  const everywhere = serverOptions.host === '0.0.0.0' || serverOptions.host === '::';
  console.log(`mock server listening on ${server.url}${everywhere ? ` (and on every address of this machine: ${serverOptions.host})` : ''}`);
  console.log(`credentials: token "${serverOptions.token ?? 'mock-token'}", secret "${serverOptions.secret ?? 'mock-secret'}"; Ctrl-C to stop`);
  const running = server;
  await stopped;
  await running.close();
  console.log('mock server stopped');
  return 0;
}
