/**
 * Writes generated/openapi/v1.yaml and v2.yaml from the model: the published documents, whose
 * inferred constraints are annotations (openapi-inferred.ts).
 */
import { stringify } from 'yaml';
import type { Model, Version } from '../../model/types.js';
import { banner } from '../banner.js';
import { buildOpenApi } from './openapi-bundle.js';
import { publishedDocument } from './openapi-inferred.js';
import type { Artifact } from '../artifact.js';

export const SCRIPT = 'scripts/generators/openapi/openapi-yaml.ts';

/** YAML without aliases; version 1.1 quoting keeps date-like strings strings for every parser. */
export function toYaml(value: unknown): string {
  return stringify(value, { aliasDuplicateObjects: false, lineWidth: 0, version: '1.1' });
}

/** Where the published document of a version is written. */
export const openApiPath = (version: Version) => `generated/openapi/v${version}.yaml`;

export function openApiArtifacts(model: Model): Artifact[] {
  return ([1, 2] as Version[]).map((v) => ({
    path: openApiPath(v),
    content: banner(SCRIPT, 'hash') + toYaml(publishedDocument(buildOpenApi(model, v), v, model.rules)),
  }));
}
