/**
 * The facts of the v1-to-v2 migration page, computed from the catalogs, the documented renames
 * (catalogs/migration.yaml) and the operations of the generated specs. Pure data; the page
 * renders it (migration-page.ts).
 */
import type { Metric, NetworkInfo, PostCatalog } from '../../model/types.js';
import type { MetricRename } from '../../model/load-migration.js';

/** The operation facts the migration page needs (a subset of generated/operations.ts). */
export interface OperationFact {
  version: 1 | 2;
  method: string;
  path: string;
  kind: string;
  network?: string;
  requestSchema?: string;
  successSchema?: string;
}

/** The catalogs of both versions, as the migration needs them. */
export interface MigrationInput {
  networks: readonly NetworkInfo[];
  metrics: { 1: Record<string, readonly Metric[]>; 2: Record<string, readonly Metric[]> };
  posts: { 1: Record<string, PostCatalog>; 2: Record<string, PostCatalog> };
  renames: readonly MetricRename[];
  operations: readonly OperationFact[];
  /** components.schemas of the generated spec of each version. */
  schemas: { 1: Record<string, any>; 2: Record<string, any> };
}

/** How the names of two catalogs (metrics or post fields) of a network compare. */
export interface NameComparison {
  same: string[];
  renamed: MetricRename[];
  onlyV1: string[];
  onlyV2: string[];
}

export interface NetworkMigration {
  network: NetworkInfo;
  inV1: boolean;
  inV2: boolean;
  metrics: NameComparison;
  /** Present when either version has a post catalog for the network. */
  postFields?: NameComparison & { v1: boolean; v2: boolean; sortableOnlyV1: string[]; sortableOnlyV2: string[] };
  /** Operations of this network, by kind, with the path in each version (undefined: absent). */
  endpoints: { kind: string; method: string; v1?: string; v2?: string }[];
}

export interface MigrationData {
  networks: NetworkMigration[];
  /** Operations that do not belong to one network (label lists), by kind. */
  sharedEndpoints: { kind: string; method: string; v1?: string; v2?: string }[];
  /** Member names of the metrics request and success bodies per version. */
  metricsRequest: { v1: string[]; v2: string[] };
  metricsResponse: { v1: string[]; v2: string[] };
}

/** Names in `a` and `b`, in the order of `a` then `b`, with renames taken out of the "only" lists. */
export function compareNames(v1: readonly string[], v2: readonly string[], renames: readonly MetricRename[] = []): NameComparison {
  const inV1 = new Set(v1);
  const inV2 = new Set(v2);
  const renamedV1 = new Set(renames.map((r) => r.v1));
  const renamedV2 = new Set(renames.map((r) => r.v2));
  return {
    same: v1.filter((n) => inV2.has(n)),
    renamed: [...renames],
    onlyV1: v1.filter((n) => !inV2.has(n) && !renamedV1.has(n)),
    onlyV2: v2.filter((n) => !inV1.has(n) && !renamedV2.has(n)),
  };
}

function sortNames(posts: PostCatalog | undefined): string[] {
  if (!posts?.sort) return [];
  return posts.fields.flatMap((f) => [...(f.sortable ? [f.name] : []), ...f.sortKeys.map((k) => `${f.name}.${k}`)]);
}

function endpointRows(operations: readonly OperationFact[]) {
  const rows = new Map<string, { kind: string; method: string; v1?: string; v2?: string }>();
  for (const op of operations) {
    const key = `${op.kind} ${op.method}`;
    const row = rows.get(key) ?? { kind: op.kind, method: op.method };
    row[op.version === 1 ? 'v1' : 'v2'] = op.path;
    rows.set(key, row);
  }
  return [...rows.values()];
}

function properties(schemas: Record<string, any>, name: string | undefined): string[] {
  const schema = name ? schemas[name] : undefined;
  return schema?.properties ? Object.keys(schema.properties) : [];
}

/** The first metrics operation of a version, for its request and response members. */
function metricsOperation(input: MigrationInput, version: 1 | 2) {
  return input.operations.find((op) => op.version === version && op.kind === 'metrics');
}

/** Computes the migration facts of every network (catalog order). */
export function migrationData(input: MigrationInput): MigrationData {
  const networks = input.networks.map((network): NetworkMigration => {
    const names = (version: 1 | 2) => (input.metrics[version][network.name] ?? []).map((m) => m.name);
    const renames = input.renames.filter((r) => r.network === network.name);
    const posts1 = input.posts[1][network.name];
    const posts2 = input.posts[2][network.name];
    const fieldNames = (p?: PostCatalog) => (p ? p.fields.map((f) => f.name) : []);
    const sorted1 = sortNames(posts1);
    const sorted2 = sortNames(posts2);
    return {
      network,
      inV1: network.versions.includes(1),
      inV2: network.versions.includes(2),
      metrics: compareNames(names(1), names(2), renames),
      ...(posts1 || posts2
        ? {
            postFields: {
              ...compareNames(fieldNames(posts1), fieldNames(posts2)),
              v1: Boolean(posts1),
              v2: Boolean(posts2),
              sortableOnlyV1: posts1 && posts2 ? sorted1.filter((n) => !sorted2.includes(n)) : [],
              sortableOnlyV2: posts1 && posts2 ? sorted2.filter((n) => !sorted1.includes(n)) : [],
            },
          }
        : {}),
      endpoints: endpointRows(input.operations.filter((op) => op.network === network.name)),
    };
  });
  const [m1, m2] = [metricsOperation(input, 1), metricsOperation(input, 2)];
  return {
    networks,
    sharedEndpoints: endpointRows(input.operations.filter((op) => op.network === undefined)),
    metricsRequest: { v1: properties(input.schemas[1], m1?.requestSchema), v2: properties(input.schemas[2], m2?.requestSchema) },
    metricsResponse: { v1: properties(input.schemas[1], m1?.successSchema), v2: properties(input.schemas[2], m2?.successSchema) },
  };
}
