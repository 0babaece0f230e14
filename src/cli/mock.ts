/**
 * `social-analytics-api mock [--host H] [--port 4010] [--token T --secret S] [--user T:S]... [--seed N]
 * [--no-limits] [--no-cors] [--budget-user N] [--budget-account N] [--history-start DAY]
 * [--forbidden "METHOD /path"]... [fault rates] [--headers-timeout MS] [--body-timeout MS]`:
 * runs the catalog-aware mock server (on 127.0.0.1 unless --host) until SIGINT or SIGTERM. Every
 * option of `startMockServer` but the clock and the request log has its flag.
 */
import { operations } from '../../generated/operations.js';
import { startMockServer, type MockServerOptions } from '../mock/index.js';
import { readOptions, type OptionTable } from './parse-options.js';
import { MOCK_USAGE } from './usage.js';

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
