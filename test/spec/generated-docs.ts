/**
 * Reads the generated OpenAPI documents (generated/openapi/v1.yaml, v2.yaml) for the spec
 * tests, and walks them: operations, internal refs, media objects with their examples.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../pipeline/temp-project.js';

export type Doc = Record<string, any>;
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const cache = new Map<number, Doc>();

export function generatedDoc(version: 1 | 2): Doc {
  if (!cache.has(version)) cache.set(version, parse(readFileSync(join(PROJECT_ROOT, `generated/openapi/v${version}.yaml`), 'utf8')) as Doc);
  return cache.get(version)!;
}

export const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** The node at an internal ref such as `#/components/schemas/FacebookPost`. */
export function resolveRef(doc: Doc, ref: string): any {
  if (!ref.startsWith('#/')) throw new Error(`not an internal ref: ${ref}`);
  let node: any = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in node)) return undefined;
    node = node[key];
  }
  return node;
}

/** A node, or the node its `$ref` points to. */
export function deref(doc: Doc, node: any): any {
  return node && typeof node.$ref === 'string' ? resolveRef(doc, node.$ref) : node;
}

/** The component a `$ref` points to, by name: `{$ref: '#/components/schemas/X'}` -> 'X'. */
export const refName = (node: any): string | undefined => (typeof node?.$ref === 'string' ? node.$ref.split('/').pop() : undefined);

export interface Operation {
  /** "POST /2/facebook/metrics" */
  key: string;
  path: string;
  method: string;
  op: Record<string, any>;
  /** JSON pointer of the operation in the document. */
  pointer: string;
}

export function operations(doc: Doc): Operation[] {
  return Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, method, op, pointer: `/paths/${escapePointer(path)}/${method}` })),
  );
}

/** Every `$ref` value in a document with the pointer where it is. */
export function allRefs(node: unknown, pointer = ''): { pointer: string; ref: unknown }[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => allRefs(item, `${pointer}/${i}`));
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === '$ref' ? [{ pointer, ref: value }] : allRefs(value, `${pointer}/${escapePointer(key)}`),
  );
}

export interface MediaExample {
  /** Where, for messages: "POST /2/facebook/metrics request example daily". */
  label: string;
  /** JSON pointer of the media object's schema. */
  schemaPointer: string;
  value: unknown;
}

function mediaExamples(media: Record<string, any> | undefined, pointer: string, label: string): MediaExample[] {
  if (!media?.schema) return [];
  const out: MediaExample[] = Object.entries((media.examples ?? {}) as Record<string, { value: unknown }>).map(([name, example]) => ({
    label: `${label} example ${name}`,
    schemaPointer: `${pointer}/schema`,
    value: example.value,
  }));
  if ('example' in media) out.push({ label: `${label} example`, schemaPointer: `${pointer}/schema`, value: media.example });
  return out;
}

const JSON_MEDIA = escapePointer('application/json');

/** Every request and response example of the document (operations and response components). */
export function allExamples(doc: Doc): MediaExample[] {
  const out: MediaExample[] = [];
  for (const { key, op, pointer } of operations(doc)) {
    out.push(...mediaExamples(op.requestBody?.content?.['application/json'], `${pointer}/requestBody/content/${JSON_MEDIA}`, `${key} request`));
    for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, any>)) {
      out.push(...mediaExamples(response.content?.['application/json'], `${pointer}/responses/${status}/content/${JSON_MEDIA}`, `${key} response ${status}`));
    }
  }
  for (const [name, response] of Object.entries((doc.components?.responses ?? {}) as Record<string, any>)) {
    out.push(...mediaExamples(response.content?.['application/json'], `/components/responses/${name}/content/${JSON_MEDIA}`, `response ${name}`));
  }
  return out;
}
