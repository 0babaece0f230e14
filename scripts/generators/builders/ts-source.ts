/**
 * The TypeScript emitter of generated/builders/: every declaration is a ts-morph structure (type
 * alias, interface with its properties, methods, type parameters and heritage, variable
 * statement, import), the structures of a file are printed by ts-morph from an in-memory
 * project, and the printed file goes through prettier once (the one formatting pass: line
 * breaks, indentation, trailing commas). Doc comments are wrapped here, since neither ts-morph
 * nor prettier wraps comment text, so every line of the output is at most LINE_WIDTH long.
 * This module loads ts-morph: only the builders step (a worker thread) imports it.
 */
import { format } from 'prettier';
import {
  IndentationText, Project, QuoteKind, StructureKind, VariableDeclarationKind,
  type ImportDeclarationStructure, type InterfaceDeclarationStructure, type MethodSignatureStructure, type OptionalKind,
  type PropertySignatureStructure, type TypeAliasDeclarationStructure, type TypeParameterDeclarationStructure,
  type VariableStatementStructure, type WriterFunction,
} from 'ts-morph';
import { banner } from '../banner.js';

/** The longest line of a generated file (the project's rule for hand-written code too). */
export const LINE_WIDTH = 100;

/** A name with the doc comment an editor shows for it. */
export interface Documented {
  name: string;
  doc: string;
}

/** A property of an interface. */
export interface Property {
  name: string;
  doc?: string;
  type: string;
  optional?: boolean;
  readonly?: boolean;
}

/** A method of an interface: `name<typeParameters>(parameters): returnType`. */
export interface Method {
  name: string;
  doc?: string;
  typeParameters?: readonly TypeParameter[];
  parameters: readonly { name: string; type: string }[];
  returnType: string;
}

/** A member of an interface; ts-morph prints the properties first, then the methods. */
export type Member = Property | Method;

/** A type parameter: `N extends Network = Network`, or `const D extends ...` (literals inferred as readonly). */
export interface TypeParameter {
  name: string;
  constraint?: string;
  default?: string;
  isConst?: boolean;
}

/** A declaration of a generated file, as the ts-morph structure that prints it. */
export type Declaration = TypeAliasDeclarationStructure | InterfaceDeclarationStructure | VariableStatementStructure;

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
 * The description of a ts-morph doc structure for a declaration indented by `indent` spaces:
 * the text itself when `/** text *\/` fits on one line, else its words wrapped to the width
 * left after ` * `, behind a line break (which makes ts-morph print one ` * ` line per line,
 * an empty one for the blank line between paragraphs).
 */
function docText(text: string, indent: number): string {
  const safe = text.replace(/\*\//g, '*\\/').trim();
  if (!safe.includes('\n') && indent + `/** ${safe} */`.length <= LINE_WIDTH) return safe;
  const paragraphs = safe.split(/\n\s*\n/).map((p) => wrap(p, LINE_WIDTH - indent - 3).join('\n'));
  return `\n${paragraphs.join('\n\n')}`;
}

/** The `docs` of a structure indented by `indent` spaces (none without text). */
function docs(text: string | undefined, indent: number): string[] | undefined {
  return text ? [docText(text, indent)] : undefined;
}

/**
 * A doc comment as ts-morph prints `docs` (one line when it fits, else wrapped over ` * `
 * lines), for the places no structure has docs: union members and the file's own comment.
 */
export function docComment(text: string, indent: number): string {
  const description = docText(text, indent);
  if (!description.startsWith('\n')) return `/** ${description} */`;
  const lines = description.slice(1).split('\n').map((line) => (line ? ` * ${line}` : ' *'));
  return `/**\n${lines.join('\n')}\n */`;
}

function typeParameters(params: readonly TypeParameter[] = []): OptionalKind<TypeParameterDeclarationStructure>[] {
  return params.map((p) => ({ name: p.name, isConst: p.isConst, constraint: p.constraint, default: p.default }));
}

/** `export type Name<...> = type;` after its doc comment. */
export function typeAlias(
  name: string,
  doc: string,
  type: string | WriterFunction,
  params: readonly TypeParameter[] = [],
): TypeAliasDeclarationStructure {
  return { kind: StructureKind.TypeAlias, isExported: true, docs: docs(doc, 0), name, typeParameters: typeParameters(params), type };
}

/** `export type Name = 'a' | 'b' ...` with each member on its own line after its doc comment. */
export function documentedUnion(name: string, doc: string, members: readonly Documented[]): TypeAliasDeclarationStructure {
  if (!members.length) return typeAlias(name, doc, 'never');
  const type: WriterFunction = (writer) => {
    for (const m of members) writer.newLine().write(docComment(m.doc, 2)).newLine().write(`| ${literal(m.name)}`);
  };
  return typeAlias(name, doc, type);
}

function property(p: Property): OptionalKind<PropertySignatureStructure> {
  return { name: propertyName(p.name), docs: docs(p.doc, 2), type: p.type, hasQuestionToken: p.optional, isReadonly: p.readonly };
}

function method(m: Method): OptionalKind<MethodSignatureStructure> {
  return {
    name: m.name,
    docs: docs(m.doc, 2),
    typeParameters: typeParameters(m.typeParameters),
    parameters: m.parameters.map((p) => ({ name: p.name, type: p.type })),
    returnType: m.returnType,
  };
}

/** `export interface Name<...> extends ... { properties; methods }` after its doc comment. */
export function interfaceDeclaration(
  name: string,
  doc: string,
  members: readonly Member[],
  options: { params?: readonly TypeParameter[]; extends?: readonly string[] } = {},
): InterfaceDeclarationStructure {
  const isMethod = (m: Member): m is Method => 'returnType' in m;
  return {
    kind: StructureKind.Interface,
    isExported: true,
    docs: docs(doc, 0),
    name,
    typeParameters: typeParameters(options.params),
    extends: options.extends ? [...options.extends] : undefined,
    properties: members.filter((m): m is Property => !isMethod(m)).map(property),
    methods: members.filter(isMethod).map(method),
  };
}

/** `export interface Name { key: Type; ... }`: a lookup table from keys (network names) to types. */
export function lookupTable(name: string, doc: string, entries: readonly [string, string][]): InterfaceDeclarationStructure {
  return interfaceDeclaration(name, doc, entries.map(([key, type]) => ({ name: key, type })));
}

/** `export const name: Type = value;` (`export const name = value;` without a type) after its doc comment. */
export function constant(name: string, doc: string, type: string | undefined, value: string): VariableStatementStructure {
  return {
    kind: StructureKind.VariableStatement,
    isExported: true,
    docs: docs(doc, 0),
    declarationKind: VariableDeclarationKind.Const,
    declarations: [{ name, type, initializer: value }],
  };
}

/** An import declaration; names sorted. */
export function importDeclaration(from: string, names: readonly string[], typeOnly = true): ImportDeclarationStructure {
  const sorted = [...names].sort((a, b) => a.localeCompare(b, 'en'));
  return { kind: StructureKind.ImportDeclaration, isTypeOnly: typeOnly, namedImports: sorted, moduleSpecifier: from };
}

let project: Project | undefined;

/** The statements printed by ts-morph (a source file of an in-memory project) and formatted by prettier. */
export async function printStatements(statements: readonly (string | ImportDeclarationStructure | Declaration)[]): Promise<string> {
  project ??= new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { quoteKind: QuoteKind.Single, indentationText: IndentationText.TwoSpaces },
  });
  const file = project.createSourceFile('emitted.ts', { statements: [...statements] }, { overwrite: true });
  const printed = file.getFullText();
  project.removeSourceFile(file);
  return format(printed, { parser: 'typescript', printWidth: LINE_WIDTH, singleQuote: true, trailingComma: 'all' });
}

/** A blank line before a declaration (ts-morph leaves one only around interfaces; prettier keeps, never adds). */
const blankLine: WriterFunction = (writer) => writer.blankLineIfLastNot();

/** The final text of a generated file: banner, file doc comment, imports, then the declarations. */
export async function sourceFile(
  script: string,
  fileDoc: string,
  imports: readonly ImportDeclarationStructure[],
  declarations: readonly Declaration[],
): Promise<string> {
  const spaced = declarations.map((d) => ({ ...d, leadingTrivia: blankLine }));
  return `${banner(script, 'slash')}${await printStatements([docComment(fileDoc, 0), ...imports, ...spaced])}`;
}
