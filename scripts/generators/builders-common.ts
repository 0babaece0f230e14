/**
 * Helpers shared by the ts-morph generators of generated/builders/: an in-memory source file,
 * documented literal unions and interfaces, and JSON-Schema-to-TypeScript for post field values.
 */
import { IndentationText, Project, QuoteKind, type SourceFile, type WriterFunction } from 'ts-morph';
import type { Metric, OpenApiDocument, PostField, ResponseMember } from '../model/types.js';
import { banner } from './banner.js';

/** A name with the doc comment an editor shows for it. */
export interface Documented {
  name: string;
  doc: string;
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** A fresh in-memory source file, formatted with two-space indent and single quotes. */
export function newSourceFile(path: string): SourceFile {
  project ??= new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Single },
  });
  return project.createSourceFile(path, '', { overwrite: true });
}

/** One in-memory project for every generated file (creating a project is the slow part). */
let project: Project | undefined;

/** The final text of a generated file: banner line, then the source. */
export function finish(script: string, file: SourceFile): string {
  const text = file
    .getFullText()
    .replace(/[ \t]+\n/g, '\n')
    .replace(/([;}])\n(\/\*\*|export )/g, '$1\n\n$2')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd();
  return `${banner(script, 'slash')}${text}\n`;
}

/** A doc comment text safe inside `/** ... *\/`. */
export function docText(text: string): string {
  return text.replace(/\*\//g, '*\\/').trim();
}

/** A string literal type: 'name'. */
export function literal(name: string): string {
  return `'${name.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** A property name, quoted when it is not an identifier. */
export function propertyName(name: string): string {
  return IDENT.test(name) ? name : literal(name);
}

/** Writes a union of string literals, each member on its own line after its doc comment; `never` when empty. */
export function unionWriter(members: readonly Documented[]): WriterFunction {
  return (writer) => {
    if (members.length === 0) {
      writer.write('never');
      return;
    }
    for (const m of members) {
      writer.newLine();
      writer.write(`/** ${docText(m.doc)} */`).newLine();
      writer.write(`| ${literal(m.name)}`);
    }
  };
}

/** Adds `export type name = 'a' | 'b' ...` with member docs. */
export function addUnion(file: SourceFile, name: string, doc: string, members: readonly Documented[]): void {
  file.addTypeAlias({ name, isExported: true, docs: [docText(doc)], type: unionWriter(members) });
}

/** Adds an exported interface whose properties carry docs. */
export function addDocumentedInterface(
  file: SourceFile,
  name: string,
  doc: string,
  properties: readonly { name: string; type: string; doc?: string; optional?: boolean }[],
): void {
  file.addInterface({
    name,
    isExported: true,
    docs: [docText(doc)],
    properties: properties.map((p) => ({
      name: propertyName(p.name),
      type: p.type,
      hasQuestionToken: p.optional ?? false,
      docs: p.doc ? [docText(p.doc)] : [],
    })),
  });
}

/** Adds `export interface name { key: Type; ... }` mapping network names to type names. */
export function addMap(file: SourceFile, name: string, doc: string, entries: readonly [string, string][]): void {
  addDocumentedInterface(file, name, doc, entries.map(([key, type]) => ({ name: key, type })));
}

/**
 * TypeScript for a JSON Schema (post field values, reference list responses); `$ref`s are
 * resolved in the version's spec, members not in `required` are optional, `oneOf` is a union.
 */
export function schemaType(schema: Record<string, any> | undefined, spec: OpenApiDocument, named: ReadonlySet<string> = new Set()): string {
  if (!schema || Object.keys(schema).filter((k) => k !== 'description').length === 0) return 'unknown';
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return named.has(name) ? name : schemaType(spec.components?.schemas?.[name], spec, named);
  }
  if ('const' in schema) return JSON.stringify(schema.const).replace(/"/g, "'");
  if (schema.enum) return schema.enum.map((v: string) => literal(v)).join(' | ');
  if (schema.oneOf) return schema.oneOf.map((s: Record<string, any>) => wrap(schemaType(s, spec, named))).join(' | ');
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return `${wrap(schemaType(schema.items, spec, named))}[]`;
    case 'object': {
      if (!schema.properties) return 'Record<string, unknown>';
      const required = new Set<string>(schema.required ?? []);
      const members = Object.entries(schema.properties as Record<string, any>).map(
        ([k, v]) => `${propertyName(k)}${required.has(k) ? '' : '?'}: ${schemaType(v, spec, named)}`,
      );
      return `{ ${members.join('; ')} }`;
    }
    default:
      return 'unknown';
  }
}

/** The component name of a `#/components/schemas/Name` reference. */
export function refName(ref: string): string {
  return ref.replace('#/components/schemas/', '');
}

/** Component names `schema` refers to, directly or through other components, dependencies first. */
export function referencedComponents(schema: unknown, spec: OpenApiDocument, found: string[] = []): string[] {
  if (Array.isArray(schema)) schema.forEach((s) => referencedComponents(s, spec, found));
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = refName(value);
        if (!found.includes(name)) {
          referencedComponents(spec.components?.schemas?.[name], spec, found);
          if (!found.includes(name)) found.push(name);
        }
      } else referencedComponents(value, spec, found);
    }
  }
  return found;
}

function wrap(type: string): string {
  return /^[\w.]+$|^\{.*\}$/.test(type) && !type.includes(' | ') ? type : `(${type})`;
}

/** The response value type of a post field or response member. */
export function postFieldType(field: PostField | ResponseMember, spec: OpenApiDocument): string {
  const f = field as Partial<PostField>;
  switch (field.type) {
    case 'datetime':
      return 'string';
    case 'array':
      return `${wrap(schemaType(f.items as Record<string, unknown> | undefined, spec))}[]`;
    case 'object':
      return schemaType({ type: 'object', properties: f.properties }, spec);
    case 'string':
      return f.enum ? f.enum.map(literal).join(' | ') : 'string';
    default:
      return field.type === 'boolean' ? 'boolean' : 'number';
  }
}

/** The v1 day-record value type of a metric. */
export function metricValueType(metric: Metric): string {
  return metric.type === 'object' ? 'MetricBreakdown' : 'number';
}

/** The doc text of a catalog entry that has no description. */
export function fallbackDoc(name: string, kind: string): string {
  return `The ${kind} \`${name}\`; the documents give no description.`;
}
