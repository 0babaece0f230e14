/**
 * The TypeScript emitter of generated/builders/: declarations are written as plain source, one
 * declaration at a time, and the whole file goes through prettier once (the one formatting
 * pass: line breaks, indentation, trailing commas). Doc comments are wrapped here, since
 * prettier leaves comment text alone, so every line of the output is at most LINE_WIDTH long.
 */
import { format } from 'prettier';
import { banner } from './banner.js';

/** The longest line of a generated file (the project's rule for hand-written code too). */
export const LINE_WIDTH = 100;

/** A name with the doc comment an editor shows for it. */
export interface Documented {
  name: string;
  doc: string;
}

/** A member of an interface: a property (`type`) or a method (`signature`, e.g. `f<T>(a: T): R`). */
export type Member =
  | { name: string; doc?: string; type: string; optional?: boolean; readonly?: boolean }
  | { doc?: string; signature: string };

/** A type parameter: `N extends Network = Network`. */
export interface TypeParameter {
  name: string;
  constraint?: string;
  default?: string;
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** A string literal: 'name'. */
export function literal(name: string): string {
  return `'${name.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** A property name, quoted when it is not an identifier. */
export function propertyName(name: string): string {
  return IDENT.test(name) ? name : literal(name);
}

/** A union of the given types, `never` when empty. */
export function unionOf(types: readonly string[]): string {
  return types.length ? types.join(' | ') : 'never';
}

/** The words of `text` in lines of at most `width` characters (a longer word gets a line of its own). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A doc comment for a declaration indented by `indent` spaces: one line when it fits, else
 * wrapped over ` * ` lines. Paragraphs (blank-line separated) stay apart.
 */
export function docComment(text: string, indent: number): string {
  const safe = text.replace(/\*\//g, '*\\/').trim();
  const single = `/** ${safe} */`;
  if (!safe.includes('\n') && indent + single.length <= LINE_WIDTH) return single;
  const paragraphs = safe.split(/\n\s*\n/).map((p) => wrap(p, LINE_WIDTH - indent - 3));
  const body = paragraphs.map((lines) => lines.map((l) => ` * ${l}`).join('\n')).join('\n *\n');
  return `/**\n${body}\n */`;
}

function typeParameters(params: readonly TypeParameter[]): string {
  if (!params.length) return '';
  const one = (p: TypeParameter) => `${p.name}${p.constraint ? ` extends ${p.constraint}` : ''}${p.default ? ` = ${p.default}` : ''}`;
  return `<${params.map(one).join(', ')}>`;
}

/** `export type Name<...> = type;` after its doc comment. */
export function typeAlias(name: string, doc: string, type: string, params: readonly TypeParameter[] = []): string {
  return `${docComment(doc, 0)}\nexport type ${name}${typeParameters(params)} = ${type};`;
}

/** `export type Name = 'a' | 'b' ...` with each member on its own line after its doc comment. */
export function documentedUnion(name: string, doc: string, members: readonly Documented[]): string {
  if (!members.length) return typeAlias(name, doc, 'never');
  const lines = members.map((m) => `${docComment(m.doc, 2)}\n| ${literal(m.name)}`);
  return `${docComment(doc, 0)}\nexport type ${name} =\n${lines.join('\n')};`;
}

function member(m: Member): string {
  const doc = m.doc ? `${docComment(m.doc, 2)}\n` : '';
  if ('signature' in m) return `${doc}${m.signature};`;
  return `${doc}${m.readonly ? 'readonly ' : ''}${propertyName(m.name)}${m.optional ? '?' : ''}: ${m.type};`;
}

/** `export interface Name<...> extends ... { members }` after its doc comment. */
export function interfaceDeclaration(
  name: string,
  doc: string,
  members: readonly Member[],
  options: { params?: readonly TypeParameter[]; extends?: readonly string[] } = {},
): string {
  const heritage = options.extends?.length ? ` extends ${options.extends.join(', ')}` : '';
  const body = members.map(member).join('\n');
  return `${docComment(doc, 0)}\nexport interface ${name}${typeParameters(options.params ?? [])}${heritage} {\n${body}\n}`;
}

/** `export interface Name { key: Type; ... }`: a lookup table from keys (network names) to types. */
export function lookupTable(name: string, doc: string, entries: readonly [string, string][]): string {
  return interfaceDeclaration(name, doc, entries.map(([key, type]) => ({ name: key, type })));
}

/** `export const name: Type = value;` after its doc comment. */
export function constant(name: string, doc: string, type: string, value: string): string {
  return `${docComment(doc, 0)}\nexport const ${name}: ${type} = ${value};`;
}

/** An import declaration; names sorted. */
export function importDeclaration(from: string, names: readonly string[], typeOnly = true): string {
  const sorted = [...names].sort((a, b) => a.localeCompare(b, 'en'));
  return `import ${typeOnly ? 'type ' : ''}{ ${sorted.join(', ')} } from '${from}';`;
}

/** The final text of a generated file: banner, file doc comment, imports, then the declarations. */
export async function sourceFile(
  script: string,
  fileDoc: string,
  imports: readonly string[],
  declarations: readonly string[],
): Promise<string> {
  const text = [`${docComment(fileDoc, 0)}\n${imports.join('\n')}`, ...declarations].join('\n\n');
  const formatted = await format(text, { parser: 'typescript', printWidth: LINE_WIDTH, singleQuote: true, trailingComma: 'all' });
  return `${banner(script, 'slash')}${formatted}`;
}
