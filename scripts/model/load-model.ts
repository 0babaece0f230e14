/** Loads catalogs + hand-written spec once into the normalized model every generator reads. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadCatalogs } from './load-catalogs.js';
import { loadSpec } from './load-spec.js';
import { loadMigrationCatalog, MIGRATION_FILE } from './load-migration.js';
import { loadRegister, RULES_FILE } from './load-rules.js';
import type { Model, Version, VersionModel } from './types.js';

export interface LoadOptions {
  /** A tree from before the rule register (catalogs/rules.yaml) loads with an empty register. */
  registerOptional?: boolean;
}

export function loadModel(root: string, options: LoadOptions = {}): Model {
  const catalogs = loadCatalogs(root);
  const sources = new Set(catalogs.sources);
  const version = (v: Version): VersionModel => {
    const { spec, sources: specSources } = loadSpec(root, `spec/v${v}/openapi.yaml`);
    specSources.forEach((s) => sources.add(s));
    return {
      version: v,
      networks: catalogs.networks.filter((n) => n.versions.includes(v)).map((n) => n.name),
      metrics: catalogs.metrics[v],
      posts: catalogs.posts[v],
      spec,
    };
  };
  const v1 = version(1);
  const v2 = version(2);
  const renames = loadMigrationCatalog(root, { v1, v2 });
  sources.add(MIGRATION_FILE);
  const withoutRegister = options.registerOptional && !existsSync(join(root, RULES_FILE));
  const { rules, sentences } = withoutRegister ? { rules: [], sentences: [] } : loadRegister(root);
  if (!withoutRegister) sources.add(RULES_FILE).add('catalogs/schema/rules.schema.json');
  return {
    networks: catalogs.networks,
    dimensions: catalogs.dimensions,
    extraDimensions: catalogs.extraDimensions,
    errors: catalogs.errors,
    limits: catalogs.limits,
    v1,
    v2,
    renames,
    rules,
    sentences,
    sources: [...sources].sort(),
  };
}
