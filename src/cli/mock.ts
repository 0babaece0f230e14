/**
 * `social-analytics-api mock [--port 4010] [--token T --secret S] [--seed N] [--no-limits] [--no-cors]
 * [--headers-timeout MS] [--body-timeout MS]`:
 * runs the catalog-aware mock server on 127.0.0.1 until SIGINT or SIGTERM.
 */
import { startMockServer, type MockServerOptions } from '../mock/index.js';
import { readOptions, type OptionTable } from './parse-options.js';

const USAGE = `usage: social-analytics-api mock [options]

Runs the mock server of the social analytics API on 127.0.0.1 until Ctrl-C.

options:
  --port N          port to listen on (default 4010; 0 picks a free port)
  --token T         accepted token (default mock-token)
  --secret S        accepted secret (default mock-secret)
  --seed N          seed of the fake data (default 1)
  --no-limits       accept metrics requests over the profiles / metrics / months limits
  --no-cors         send no CORS headers and answer preflights (OPTIONS) like any request
                    (default: web pages of any origin may call the mock)
  --latency MS      delay every answer by MS milliseconds
  --error-rate R    answer a share R (0..1) of requests with HTTP 500
  --headers-timeout MS  close a connection whose request headers take longer (default 30000)
  --body-timeout MS     answer HTTP 400 (code 400) and close a connection whose request body
                        takes longer once the headers are in (default 30000)
  -h, --help        show this help

answers like the API: JSON failures with the documented codes and HTTP statuses.
  A POST body must be sent with Content-Type: application/json (charset utf-8 if one is
  named); another type, or none, gets HTTP 400 with code 400 "Bad request." (the documents
  list no 415, which Prism answers). Values of a request quoted in a failure are cut to their
  first 40 characters.

answers on request, with a Prefer header as Prism reads it (other preferences are ignored):
  Prefer: code=N        the documented failure with error code N, if the operation has it
                        (for example code=10 or code=6; 200 is the usual answer)
  Prefer: example=NAME  the example NAME of the operation's HTTP 200 answer in the OpenAPI
                        documents (for example example=failure)
  A code or example the operation does not have gets HTTP 400 (code 400) naming those it has.
  Answers chosen by Prefer do not count against the hourly budgets.`;

/** The options `mock` takes; a new flag gets a line here, a case below and a line in USAGE. */
const MOCK_OPTIONS: OptionTable = {
  port: { type: 'string' },
  token: { type: 'string' },
  secret: { type: 'string' },
  seed: { type: 'string' },
  'no-limits': { type: 'boolean' },
  'no-cors': { type: 'boolean' },
  latency: { type: 'string' },
  'error-rate': { type: 'string' },
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
    console.log(USAGE);
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
  console.log(`mock server listening on ${server.url}`);
  console.log(`credentials: token "${serverOptions.token ?? 'mock-token'}", secret "${serverOptions.secret ?? 'mock-secret'}"; Ctrl-C to stop`);
  const running = server;
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await running.close();
  console.log('mock server stopped');
  return 0;
}
