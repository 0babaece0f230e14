/**
 * Writes generated/response-examples.ts: the named examples of each operation's HTTP 200 answer
 * in the generated OpenAPI documents, by operation key, for the mock's `Prefer: example=NAME`.
 */
import type { Model, Version } from '../../model/types.js';
import type { Artifact } from '../artifact.js';
import { banner } from '../banner.js';
import { toTsLiteral } from './catalog-data.js';
import { buildOpenApi } from '../openapi/openapi-bundle.js';

export const SCRIPT = 'scripts/generators/data/answer-examples.ts';

/** Operation key -> example name -> the example's value, in the documents' order. */
export function responseExamples(model: Model): Record<string, Record<string, unknown>> {
  const examples: Record<string, Record<string, unknown>> = {};
  for (const version of [1, 2] as Version[]) {
    const doc = buildOpenApi(model, version);
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(item)) {
        if (method !== 'get' && method !== 'post') continue;
        const named = (op.responses?.['200']?.content?.['application/json']?.examples ?? {}) as Record<string, { value: unknown }>;
        examples[`${method.toUpperCase()} ${path}`] = Object.fromEntries(Object.entries(named).map(([name, example]) => [name, example.value]));
      }
    }
  }
  return examples;
}

export function responseExamplesArtifact(model: Model): Artifact {
  const content = [
    banner(SCRIPT, 'slash').trimEnd(),
    '/** The named examples of each HTTP 200 answer in generated/openapi/*.yaml, by operation key. */',
    '',
    `export const responseExamples: Readonly<Record<string, Readonly<Record<string, unknown>>>> = ${toTsLiteral(responseExamples(model))};`,
    '',
  ].join('\n');
  return { path: 'generated/response-examples.ts', content };
}
