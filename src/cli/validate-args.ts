/** Command line of `validate`: inputs, reporters with their outputs, and the flags. */

export const REPORTERS = ['text', 'json', 'junit', 'github'] as const;
export type ReporterName = (typeof REPORTERS)[number];

export interface ReporterChoice {
  name: ReporterName;
  /** File to write (atomically); standard output when absent. */
  output?: string;
}

export interface ValidateOptions {
  paths: string[];
  reporters: ReporterChoice[];
  strict: boolean;
  coverage: boolean;
  allowEmpty: boolean;
  help: boolean;
}

const isReporter = (name: string): name is ReporterName => (REPORTERS as readonly string[]).includes(name);

/** Parses `args`; `--reporter junit=report.xml` and `--reporter junit --output report.xml` are the same. */
export function parseValidateArgs(args: readonly string[]): ValidateOptions | { error: string } {
  const options: ValidateOptions = { paths: [], reporters: [], strict: false, coverage: false, allowEmpty: false, help: false };
  let flags = true;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!flags || arg === '-' || !arg.startsWith('-')) {
      options.paths.push(arg);
      continue;
    }
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? args[++i];
    if (arg === '--') flags = false;
    else if (arg === '-h' || arg === '--help') options.help = true;
    else if (arg === '--json') options.reporters.push({ name: 'json' });
    else if (arg === '--strict') options.strict = true;
    else if (arg === '--coverage') options.coverage = true;
    else if (arg === '--allow-empty') options.allowEmpty = true;
    else if (flag === '--reporter') {
      const spec = value();
      if (spec === undefined || spec === '') return { error: `--reporter needs a value: ${REPORTERS.join(', ')} (optionally NAME=FILE)` };
      const eq = spec.indexOf('=');
      const name = eq < 0 ? spec : spec.slice(0, eq);
      if (!isReporter(name)) return { error: `unknown reporter "${name}": use ${REPORTERS.join(', ')}` };
      if (eq >= 0 && spec.slice(eq + 1) === '') return { error: `--reporter ${name}=: the file name is missing` };
      options.reporters.push(eq < 0 ? { name } : { name, output: spec.slice(eq + 1) });
    } else if (flag === '--output' || flag === '-o') {
      const file = value();
      const last = options.reporters.at(-1);
      if (file === undefined || file === '') return { error: `${flag} needs a file name` };
      if (!last) return { error: `${flag} ${file}: put it after the --reporter it belongs to (e.g. --reporter junit --output ${file})` };
      if (last.output !== undefined) return { error: `${flag} ${file}: reporter ${last.name} already writes to ${last.output}` };
      last.output = file;
    } else return { error: `unknown option ${arg}` };
  }
  if (!options.reporters.length) options.reporters.push({ name: 'text' });
  const files = options.reporters.map((r) => r.output).filter((f): f is string => f !== undefined);
  const twice = files.find((f, i) => files.indexOf(f) !== i);
  if (twice) return { error: `two reporters write to ${twice}` };
  if (!options.help && !options.paths.length) return { error: 'no input given' };
  return options;
}
