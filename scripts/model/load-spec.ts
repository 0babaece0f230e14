/**
 * Reads a hand-written, split OpenAPI document (spec/vN/openapi.yaml) into one object.
 * A `$ref` to a file under `components/<kind>/<Name>.yaml` becomes `#/components/<kind>/<Name>`
 * (and the file's content that component); any other file `$ref` (path items) is inlined.
 * Two different files that would give the same component name are an error.
 */
import { dirname, join, relative, resolve } from 'node:path';
import { childPointer } from '../../src/shared/pointer.js';
import { PipelineError } from './errors.js';
import { readYamlFile } from './yaml-file.js';
import type { OpenApiDocument } from './types.js';

const COMPONENT_FILE = /\/components\/(schemas|responses|parameters|securitySchemes|examples|requestBodies)\/([A-Za-z0-9]+)\.yaml$/;

export function loadSpec(root: string, entry: string): { spec: OpenApiDocument; sources: string[] } {
  const sources = new Set<string>();
  const components: Record<string, Record<string, { file: string; value: unknown }>> = {};
  const cache = new Map<string, unknown>();

  const readFile = (abs: string): unknown => {
    if (!cache.has(abs)) {
      const rel = relative(root, abs);
      sources.add(rel);
      cache.set(abs, readYamlFile(abs, rel).data);
    }
    return cache.get(abs);
  };

  const walk = (node: unknown, fromFile: string, pointer: string): unknown => {
    if (Array.isArray(node)) return node.map((item, i) => walk(item, fromFile, `${pointer}/${i}`));
    if (node === null || typeof node !== 'object') return node;
    const obj = node as Record<string, unknown>;
    if (typeof obj.$ref === 'string' && !obj.$ref.startsWith('#')) {
      const target = resolve(dirname(fromFile), obj.$ref);
      const rel = relative(root, target);
      let content: unknown;
      try {
        content = readFile(target);
      } catch (err) {
        if (err instanceof PipelineError && /cannot read file/.test(err.message)) {
          throw new PipelineError(`$ref "${obj.$ref}" points to a missing file (${rel}) (rule: $ref targets exist)`, relative(root, fromFile), undefined, pointer);
        }
        throw err;
      }
      const m = COMPONENT_FILE.exec(target);
      if (!m) return walk(content, target, '');
      const [, kind, name] = m;
      const bucket = (components[kind] ??= {});
      if (!bucket[name]) {
        bucket[name] = { file: rel, value: undefined };
        bucket[name].value = walk(content, target, '');
      } else if (bucket[name].file !== rel) {
        throw new PipelineError(`component name "${name}" is used by two files: ${bucket[name].file} and ${rel} (rule: unique component names)`, relative(root, fromFile), undefined, pointer);
      }
      const siblings = Object.keys(obj).filter((k) => k !== '$ref');
      const ref = { $ref: `#/components/${kind}/${name}` };
      return siblings.length ? { ...ref, ...Object.fromEntries(siblings.map((k) => [k, walk(obj[k], fromFile, `${pointer}/${k}`)])) } : ref;
    }
    return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, walk(v, fromFile, childPointer(pointer, k))]));
  };

  const entryAbs = join(root, entry);
  const spec = walk(readFile(entryAbs), entryAbs, '') as OpenApiDocument;
  spec.components ??= {};
  for (const kind of Object.keys(components).sort()) {
    const target = (spec.components[kind] ??= {});
    for (const name of Object.keys(components[kind]).sort()) target[name] = components[kind][name].value;
  }
  return { spec, sources: [...sources].sort() };
}
