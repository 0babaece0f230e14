/** The normalized in-memory model every generator reads: catalogs + hand-written spec. */

import type { Version, NetworkInfo, Metric, PostCatalog, Dimension, ExtraDimension, ErrorCode, Limits, Rule, UncheckedSentence } from '../../src/shared/catalog-types.js';

export type * from '../../src/shared/catalog-types.js';

/** One documented rename of a metric between the versions. */
export interface MetricRename {
  network: string;
  v1: string;
  v2: string;
  /** Where the documents support the rename. */
  evidence: string;
  note?: string;
}


/** An OpenAPI document as plain data. */
export type OpenApiDocument = Record<string, any>;

export interface VersionModel {
  version: Version;
  /** Networks of this version, in catalog order. */
  networks: string[];
  metrics: Record<string, Metric[]>;
  posts: Record<string, PostCatalog>;
  /** The hand-written spec of this version, with file refs turned into internal refs. */
  spec: OpenApiDocument;
}

export interface Model {
  networks: NetworkInfo[];
  dimensions: Dimension[];
  extraDimensions: ExtraDimension[];
  errors: ErrorCode[];
  limits: Limits;
  v1: VersionModel;
  v2: VersionModel;
  /** Metric renames from v1 to v2 that the documents support (catalogs/migration.yaml). */
  renames: MetricRename[];
  /** The rule register (catalogs/rules.yaml), in file order. */
  rules: Rule[];
  /** The sentences of the documents no rule quotes, with why (catalogs/rules.yaml `sentences`); absent in small test models. */
  sentences?: UncheckedSentence[];
  /** Every file the model was read from, relative to the project root, sorted. */
  sources: string[];
}

export function versionModel(model: Model, version: Version): VersionModel {
  return version === 1 ? model.v1 : model.v2;
}

export function networkInfo(model: Model, name: string): NetworkInfo {
  const info = model.networks.find((n) => n.name === name);
  if (!info) throw new Error(`unknown network "${name}"`);
  return info;
}

export { sortableNames, filterableNames, advancedFilterNames } from '../../src/shared/catalog-names.js';

/** PascalCase title used in generated names: facebook -> Facebook. */
export function pascal(network: string): string {
  return network.charAt(0).toUpperCase() + network.slice(1);
}
