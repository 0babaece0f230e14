/**
 * `social-analytics-api proxy --target URL [options]`: runs the validating, recording proxy
 * (src/proxy/) until SIGINT or SIGTERM, printing one line per exchange; then it stops accepting,
 * lets the exchanges under way finish within --drain-timeout (a second signal cuts them at once),
 * and writes the reports. Exit codes: 0 every exchange valid (or none), 1 some exchange invalid
 * or cut by the stop, 2 usage error, target unreachable or record folder not made at start, or a
 * report or capture that could not be written.
 */
import { resolve } from 'node:path';
import { lineBatch } from '../proxy/line-batch.js';
import type { ProxyExchange, ProxyOptions, ProxyServer } from '../proxy/proxy.js';
import { readOptions, type OptionTable } from './parse-options.js';
import { closingText } from '../report/reporters/text.js';
import { safeText } from '../report/reporters/safe-text.js';
import { DEFAULT_REPORTER, REPORTER_FLAG_OPTIONS } from '../shared/reporter-names.js';
import { closingOf } from '../report/reporters/whole.js';
import { PROXY_USAGE } from './usage.js';
import { isReportOption, pairOutputs, reportSlot, type ReporterChoice, type Slot } from './validate-args.js';
import { writeReports } from './write-reports.js';

const MORE_HELP = 'run social-analytics-api proxy --help for more';

const PROXY_OPTIONS: OptionTable = {
  target: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  strict: { type: 'boolean' },
  record: { type: 'string' },
  'record-mode': { type: 'string' },
  reporter: { type: 'string' },
  output: { type: 'string', short: 'o' },
  ...REPORTER_FLAG_OPTIONS,
  timeout: { type: 'string' },
  'headers-timeout': { type: 'string' },
  'body-timeout': { type: 'string' },
  'max-body-bytes': { type: 'string' },
  'drain-timeout': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

interface ProxyArgs {
  options: Omit<ProxyOptions, 'onExchange'>;
  reporters: ReporterChoice[];
  help: boolean;
}

function wholeNumber(flag: string, value: string | undefined, min: number, max: number): number | { error: string } {
  const n = Number(value);
  if (value === undefined || !/^\d+$/.test(value) || n < min || n > max) return { error: `${flag} needs a whole number from ${min} to ${max}, got ${value === undefined ? 'nothing' : JSON.stringify(value)}` };
  return n;
}

/** Parses the arguments of `proxy`. */
export function parseProxyArgs(args: readonly string[]): ProxyArgs | { error: string } {
  const read = readOptions(args, PROXY_OPTIONS);
  if ('error' in read) return read;
  const options: ProxyArgs['options'] = { target: '', port: 4011 };
  const slots: Slot[] = [];
  let help = false;
  for (const token of read.tokens) {
    if (token.kind === 'positional') return { error: `unexpected argument "${token.value}": proxy takes options only (--target URL)` };
    const { name, value, rawName } = token;
    if (isReportOption(name)) {
      const slot = reportSlot(name, value, rawName);
      if ('error' in slot) return slot;
      slots.push(slot);
      continue;
    }
    switch (name) {
      case 'help':
        help = true;
        break;
      case 'target':
      case 'record':
      case 'host':
        if (!value) return { error: `${rawName} needs a value` };
        options[name] = value;
        break;
      case 'port':
      case 'timeout':
      case 'headers-timeout':
      case 'body-timeout':
      case 'max-body-bytes':
      case 'drain-timeout': {
        const max = { port: 65535, timeout: 2_147_483_647, 'headers-timeout': 3_600_000, 'body-timeout': 3_600_000, 'max-body-bytes': 2 ** 29, 'drain-timeout': 3_600_000 }[name];
        const n = wholeNumber(rawName, value, name === 'port' || name === 'drain-timeout' ? 0 : 1, max);
        if (typeof n !== 'number') return n;
        const key = ({ port: 'port', timeout: 'timeoutMs', 'headers-timeout': 'headersTimeoutMs', 'body-timeout': 'bodyTimeoutMs', 'max-body-bytes': 'maxBodyBytes', 'drain-timeout': 'drainTimeoutMs' } as const)[name];
        options[key] = n;
        break;
      }
      case 'strict':
        options.strict = true;
        break;
      case 'record-mode': {
        if (!value || !/^[0-7]{3}$/.test(value)) return { error: `${rawName} needs the permissions of the recorded files as three octal digits (e.g. 644), got ${value === undefined ? 'nothing' : JSON.stringify(value)}` };
        const fileMode = Number.parseInt(value, 8);
        // The folder: the files' permissions, with search (x) wherever reading (r) is allowed.
        options.recordModes = { fileMode, dirMode: fileMode | ((fileMode & 0o444) >> 2) };
        break;
      }
    }
  }
  const unpaired = pairOutputs(slots);
  if (unpaired) return { error: unpaired };
  const reporters = slots.flatMap((s) => (s.kind === 'reporter' ? [s.choice] : []));
  if (!reporters.length) reporters.push({ name: DEFAULT_REPORTER });
  if (!help && !options.target) return { error: 'no target given (usage: social-analytics-api proxy --target http://127.0.0.1:4010)' };
  if (!help) {
    let url: URL | undefined;
    try {
      url = new URL(options.target);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return { error: `--target needs the http(s) URL of the API or the mock, got ${JSON.stringify(options.target)}` };
    if (url.username || url.password) return { error: '--target must not hold credentials: callers send their own Authorization header' };
  }
  return { options, reporters, help };
}

/** The one line printed for an exchange: method, path, status, verdict and the first problem (text from the exchange escaped). */
export function exchangeLine(exchange: Pick<ProxyExchange, 'method' | 'path' | 'status' | 'item'>): string {
  return safeText(exchangeText(exchange));
}

function exchangeText(exchange: Pick<ProxyExchange, 'method' | 'path' | 'status' | 'item'>): string {
  const { item } = exchange;
  const head = `${exchange.method} ${exchange.path} ${exchange.status || '-'}`;
  if (item.kind === 'skipped') return `${head} skipped: ${item.reason}${item.reason === 'no response' ? ` (${item.detail.replace(/^\S+ \S+: /, '')})` : ''}`;
  if (item.kind === 'unreadable') return `${head} error: ${item.message}`;
  if (item.valid) return `${head} ok${item.warnings.length ? ` (${item.warnings.length} warning${item.warnings.length === 1 ? '' : 's'})` : ''}`;
  const first = item.groups[0];
  const where = first?.pointers[0] ? `${first.pointers[0]}: ` : '';
  return `${head} invalid: ${first ? `${where}${first.message}${first.rule ? ` (rule ${first.rule})` : ''}` : 'invalid'}`;
}

/** Where the command writes and what stops it; tests pass their own. */
interface ProxyIo {
  out(text: string): void;
  err(text: string): void;
  cwd?: string;
  env?: Readonly<Record<string, string | undefined>>;
  /** Resolves when the proxy should stop (default: SIGINT or SIGTERM). */
  stopped?: Promise<void>;
  /** Resolves when the exchanges still under way should be cut without waiting for the drain deadline (default: a second SIGINT or SIGTERM). */
  cutNow?: Promise<void>;
  /** Called once the proxy listens (tests learn its address). */
  started?(proxy: ProxyServer): void;
}

/** Resolves on the next SIGINT or SIGTERM; `cancel` stops listening. */
function signalled(): { signal: Promise<void>; cancel(): void } {
  let stop = () => undefined as void;
  const signal = new Promise<void>((done) => {
    stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return { signal, cancel: () => (process.off('SIGINT', stop), process.off('SIGTERM', stop)) };
}

/** Runs the proxy until stopped; resolves with the exit code. */
export async function runProxy(args: string[], given?: ProxyIo): Promise<number> {
  // Progress lines go out in batches (one write per turn of the event loop, not per line); an
  // injected `out` gets each line as it comes.
  const lines = given ? undefined : lineBatch((t) => console.log(t));
  const io: ProxyIo = given ?? {
    out: (t) => {
      lines!.flush();
      console.log(t);
    },
    err: (t) => {
      lines!.flush();
      console.error(t);
    },
  };
  const progress = lines ? (t: string) => lines.line(t) : io.out;
  const parsed = parseProxyArgs(args);
  if ('error' in parsed) {
    io.err(`social-analytics-api proxy: ${parsed.error}\n${MORE_HELP}`);
    return 2;
  }
  if (parsed.help) {
    io.out(PROXY_USAGE);
    return 0;
  }
  const cwd = io.cwd ?? process.cwd();
  const env = io.env ?? process.env;
  const { startProxy, DEFAULT_DRAIN_TIMEOUT_MS } = await import('../proxy/proxy.js');
  const stopped = io.stopped ?? signalled().signal;
  let proxy: ProxyServer;
  try {
    proxy = await startProxy({
      ...parsed.options,
      ...(parsed.options.record ? { record: resolve(cwd, parsed.options.record) } : {}),
      onExchange: (exchange) => progress(exchangeLine(exchange)),
    });
  } catch (error) {
    io.err(`social-analytics-api proxy: cannot start: ${(error as Error).message}`);
    return 2;
  }
  io.out(`proxy listening on ${proxy.url}, forwarding to ${proxy.target}${parsed.options.record ? `, recording to ${resolve(cwd, parsed.options.record)}` : ''}; Ctrl-C to stop`);
  io.started?.(proxy);
  const flushAtExit = () => lines?.flush();
  process.once('exit', flushAtExit);
  await stopped;
  const drainMs = parsed.options.drainTimeoutMs ?? DEFAULT_DRAIN_TIMEOUT_MS;
  progress(`proxy stopping: no new connections; the exchanges under way get ${drainMs} ms to finish${io.stopped ? '' : ' (a second signal cuts them now)'}`);
  // A second signal cuts the exchanges under way now.
  const again = io.stopped ? undefined : signalled();
  void (io.cutNow ?? again?.signal)?.then(() => proxy.close(0));
  await proxy.close();
  again?.cancel();
  lines?.flush();
  process.off('exit', flushAtExit);
  const report = proxy.report();
  // The default reporter (text) to standard output follows the lines printed per exchange with its closing lines only.
  const live = parsed.reporters[0]?.name === DEFAULT_REPORTER && parsed.reporters[0].output === undefined;
  const written = await writeReports(parsed.reporters, report, { cwd, root: cwd }, { out: io.out, err: io.err, env, command: 'proxy' }, live ? closingText(closingOf(report)) : undefined);
  return written ? report.summary.exitCode : 2;
}

