/**
 * Reads a command's arguments with `node:util` `parseArgs` into tokens in command line order
 * (options and positionals; everything after `--` is positional), and turns what parseArgs lets
 * through in its lenient mode into one-line messages that name the option: an unknown option, a
 * value missing or given to a flag that takes none.
 */
import { parseArgs } from 'node:util';

/** The options of a command, as `parseArgs` takes them. */
export type OptionTable = Record<string, { type: 'string' | 'boolean'; short?: string }>;

export type ArgToken =
  | { kind: 'option'; name: string; rawName: string; value: string | undefined }
  | { kind: 'positional'; value: string };

/** The tokens of `args`, or the first thing wrong with them as one line. */
export function readOptions(args: readonly string[], table: OptionTable): { tokens: ArgToken[] } | { error: string } {
  const { tokens } = parseArgs({ args: [...args], options: table, strict: false, allowPositionals: true, tokens: true });
  const read: ArgToken[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') read.push({ kind: 'positional', value: token.value });
    if (token.kind !== 'option') continue;
    const spec = Object.hasOwn(table, token.name) ? table[token.name] : undefined;
    if (!spec) return { error: `unknown option ${token.rawName}` };
    if (spec.type === 'boolean') {
      if (token.value !== undefined) return { error: `${token.rawName} takes no value (got ${JSON.stringify(token.value)})` };
      read.push({ kind: 'option', name: token.name, rawName: token.rawName, value: undefined });
      continue;
    }
    let value = token.value;
    // `-o=file` means `-o file`, as `--output=file` means `--output file`.
    if (token.inlineValue && !token.rawName.startsWith('--') && value?.startsWith('=')) value = value.slice(1);
    // `--reporter --json`: the next option is not the value.
    if (!token.inlineValue && value !== undefined && /^--?[A-Za-z-]/.test(value)) return { error: `${token.rawName} needs a value before ${value}` };
    read.push({ kind: 'option', name: token.name, rawName: token.rawName, value });
  }
  return { tokens: read };
}
