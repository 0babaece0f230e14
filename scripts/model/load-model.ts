/** Loads catalogs + hand-written spec once into the normalized model every generator reads. */
import { loadCatalogs } from './load-catalogs.js';
import { loadSpec } from './load-spec.js';
import { loadMigrationCatalog, MIGRATION_FILE } from './load-migration.js';
import { loadRules, RULES_FILE } from './load-rules.js';
import type { Model, Version, VersionModel } from './types.js';

export function loadModel(root: string): Model {
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
  const rules = loadRules(root);
  sources.add(RULES_FILE);
  sources.add('catalogs/schema/rules.schema.json');
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
    sources: [...sources].sort(),
  };
}
