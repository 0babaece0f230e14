/**
 * Reads catalogs/migration.yaml: the metric renames from version 1 to version 2 that the
 * source documents support. Checks its shape and that every named network and metric exists
 * in the catalogs; the first problem stops the pipeline with a PipelineError naming the file,
 * line, JSON pointer and entry.
 */
import { join } from 'node:path';
import { PipelineError } from './errors.js';
import type { MetricRename, Model } from './types.js';
import { readYamlFile, type YamlFile } from './yaml-file.js';

export const MIGRATION_FILE = 'catalogs/migration.yaml';

export type { MetricRename } from './types.js';

const REQUIRED = ['network', 'v1', 'v2', 'evidence'] as const;
const KEYS = new Set<string>([...REQUIRED, 'note']);

function fail(file: YamlFile, pointer: string, message: string, entry?: string): never {
  throw new PipelineError(`${entry ? `${entry}: ` : ''}${message}`, file.file, file.lineOf(pointer), pointer || '/');
}

/** Checks a parsed migration file against the model and returns its renames. */
export function readMigrationCatalog(file: YamlFile, model: Pick<Model, 'v1' | 'v2'>): MetricRename[] {
  const data = file.data as { renames?: unknown } | null;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) fail(file, '', 'must be a mapping with a "renames" list');
  for (const key of Object.keys(data)) if (key !== 'renames') fail(file, `/${key}`, `unknown key "${key}" (expected only "renames")`);
  if (!Array.isArray(data.renames)) fail(file, '/renames', 'must be a list');
  const seen = { v1: new Map<string, number>(), v2: new Map<string, number>() };
  return (data.renames as unknown[]).map((raw, i) => {
    const at = `/renames/${i}`;
    const label = `rename #${i + 1}`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail(file, at, 'must be a mapping', label);
    const entry = raw as Record<string, unknown>;
    const name = typeof entry.v1 === 'string' && typeof entry.v2 === 'string' ? `rename "${entry.v1}" -> "${entry.v2}"` : label;
    for (const key of Object.keys(entry)) if (!KEYS.has(key)) fail(file, `${at}/${key}`, `unknown key "${key}"`, name);
    for (const key of REQUIRED) if (typeof entry[key] !== 'string' || entry[key] === '') fail(file, `${at}${key in entry ? `/${key}` : ''}`, `"${key}" must be a non-empty string`, name);
    if ('note' in entry && typeof entry.note !== 'string') fail(file, `${at}/note`, '"note" must be a string', name);
    const rename = entry as unknown as MetricRename;
    for (const version of ['v1', 'v2'] as const) {
      const metrics = model[version].metrics[rename.network];
      if (!metrics) fail(file, `${at}/network`, `network "${rename.network}" has no ${version} metric catalog`, name);
      if (!metrics.some((m) => m.name === rename[version])) {
        fail(file, `${at}/${version}`, `metric "${rename[version]}" is not in catalogs/${version}/${rename.network}.metrics.yaml`, name);
      }
      const key = `${rename.network}/${rename[version]}`;
      if (seen[version].has(key)) fail(file, `${at}/${version}`, `${version} metric "${rename[version]}" is already renamed by rename #${seen[version].get(key)! + 1}`, name);
      seen[version].set(key, i);
    }
    if (model.v2.metrics[rename.network].some((m) => m.name === rename.v1)) {
      fail(file, `${at}/v1`, `metric "${rename.v1}" also exists in version 2 under the same name, so it was not renamed`, name);
    }
    if (model.v1.metrics[rename.network].some((m) => m.name === rename.v2)) {
      fail(file, `${at}/v2`, `metric "${rename.v2}" also exists in version 1 under the same name, so it is not a new name`, name);
    }
    return { network: rename.network, v1: rename.v1, v2: rename.v2, evidence: rename.evidence, ...(rename.note ? { note: rename.note } : {}) };
  });
}

/** Reads and checks catalogs/migration.yaml of a project. */
export function loadMigrationCatalog(root: string, model: Pick<Model, 'v1' | 'v2'>): MetricRename[] {
  return readMigrationCatalog(readYamlFile(join(root, MIGRATION_FILE), MIGRATION_FILE), model);
}
