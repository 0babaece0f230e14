/**
 * Writes generated/types/v1.ts and v2.ts with openapi-typescript, from the model's documents
 * (openapi-bundle.ts), whose inferred keywords are keywords (the strict form): the types say what
 * a response that passes the strict verdict holds (a profile's `id` and `name` are present), as
 * the builders and the mock do. It reads nothing the openapi step wrote.
 */
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Artifact, StepContext } from '../artifact.js';
import { banner } from '../banner.js';
import { buildOpenApi } from './openapi-bundle.js';
import { openApiPath } from './openapi-yaml.js';

export const SCRIPT = 'scripts/generators/openapi/openapi-types.ts';

/** The output path of each API, from redocly.yaml (x-openapi-ts.output). */
export function typeOutputs(root: string): Record<string, string> {
  const config = parse(readFileSync(join(root, 'redocly.yaml'), 'utf8')) as { apis: Record<string, { root: string; 'x-openapi-ts'?: { output: string } }> };
  const outputs: Record<string, string> = {};
  for (const api of Object.values(config.apis)) if (api['x-openapi-ts']) outputs[api.root] = api['x-openapi-ts'].output;
  return outputs;
}

export async function openApiTypeArtifacts(context: StepContext): Promise<Artifact[]> {
  const artifacts: Artifact[] = [];
  for (const [source, output] of Object.entries(typeOutputs(context.root)).sort()) {
    const version = ([1, 2] as const).find((v) => openApiPath(v) === source);
    if (!version) throw new Error(`redocly.yaml names ${source}, which the pipeline does not produce`);
    // emptyObjectsUnknown: a breakdown map (`type: object`, keys not shown) is Record<string, unknown>, not
    // Record<string, never>; the builders' day records and posts are these components.
    const ast = await openapiTS(structuredClone(buildOpenApi(context.model, version)) as OpenAPI3, { alphabetize: false, exportType: false, rootTypes: false, defaultNonNullable: false, emptyObjectsUnknown: true });
    artifacts.push({ path: output, content: banner(SCRIPT, 'slash') + astToString(ast) });
  }
  return artifacts;
}
