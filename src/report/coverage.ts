/**
 * `validate --coverage`: which operations, metrics (per version and network), post fields,
 * dimensions, HTTP statuses and error codes (per operation) the checked captures exercised,
 * against the catalogs (x of y). Names come from the requests and from the bodies (v2 header rows,
 * v1 day records, posts, the codes of failure bodies), and count only when the catalog knows them.
 * The names seen are plain lists (CoverageNames): a checking thread sends those of its batches,
 * and a report's coverage gives them back, so coverage adds up across threads and machines.
 */
import { catalogs } from '../catalog/catalogs.js';
import { operations } from '../../generated/operations.js';
import { isPlainObject } from '../shared/values.js';
import type { CapturedResponse } from '../captures/types.js';
import { failuresOf, statusesOf } from '../mock/prefer.js';
import { lookupOperation } from '../validators/index.js';
import { requestBody, UnreadableRequest } from '../validators/facts/request-shape.js';
import type { CatalogData } from '../shared/catalog-types.js';
import type { Coverage, CoverageCount } from './report-types.js';

type Seen = Map<string, Set<string>>;

/** The names seen, by list and key (`v2 facebook` for metrics, fields and dimensions; the operation for statuses and codes). */
export interface CoverageNames {
  operations: string[];
  metrics: Record<string, string[]>;
  postFields: Record<string, string[]>;
  dimensions: Record<string, string[]>;
  statuses: Record<string, string[]>;
  errorCodes: Record<string, string[]>;
}

const KEYED = ['metrics', 'postFields', 'dimensions', 'statuses', 'errorCodes'] as const;

const addNames = (seen: Seen, key: string, names: Iterable<unknown>) => {
  let set = seen.get(key);
  if (!set) seen.set(key, (set = new Set()));
  for (const n of names) if (typeof n === 'string') set.add(n);
};
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const objects = (v: unknown): Record<string, unknown>[] => list(v).filter(isPlainObject);

function bodyNames(version: number, kind: string, body: Record<string, unknown>) {
  const header = objects(body.header);
  if (kind === 'metrics' && version === 2) {
    return { metrics: header.filter((h) => h.type === 'metric').flatMap((h) => list(h.rows)), dimensions: header.map((h) => h.type).filter((t) => t !== 'metric') };
  }
  if (kind === 'metrics') return { metrics: objects(body.profiles).flatMap((p) => objects(p.data).flatMap((r) => Object.keys(r))), dimensions: [] };
  if (kind === 'posts') return { fields: objects(isPlainObject(body.data) ? body.data.posts : undefined).flatMap((p) => Object.keys(p)) };
  return {};
}

function count(key: string, names: readonly string[], seen: Seen): CoverageCount {
  const found = seen.get(key) ?? new Set();
  return { exercised: names.filter((n) => found.has(n)), total: names.length };
}

/** Names seen so far; responses are added one by one as they are read, none kept. */
export interface CoverageCollector {
  add(response: CapturedResponse): void;
  /** Adds the names another collector saw (a checking thread's, a shard's report). */
  addNames(names: CoverageNames): void;
  /** The names seen, to be added to another collector. */
  names(): CoverageNames;
  result(): Coverage;
}

export function createCoverageCollector(): CoverageCollector {
  const seen = { operations: new Map([['ops', new Set<string>()]]) as Seen, metrics: new Map() as Seen, postFields: new Map() as Seen, dimensions: new Map() as Seen, statuses: new Map() as Seen, errorCodes: new Map() as Seen };
  const ops = seen.operations.get('ops')!;
  const add = (r: CapturedResponse) => {
    const op = lookupOperation(r.method, r.path).operation;
    if (!op) return;
    ops.add(op.key);
    addNames(seen.statuses, op.key, [String(r.status ?? 200)]);
    if (isPlainObject(r.body) && r.body.success === false) addNames(seen.errorCodes, op.key, objects(r.body.errors).flatMap((e) => (typeof e.code === 'number' ? [String(e.code)] : [])));
    if (!op.network) return;
    const key = `v${op.version} ${op.network}`;
    const request = requestBody(r.request);
    if (request && !(request instanceof UnreadableRequest)) {
      addNames(seen.metrics, key, op.kind === 'metrics' ? list(request.metrics) : []);
      addNames(seen.postFields, key, op.kind === 'posts' ? list(request.fields) : []);
      addNames(seen.dimensions, key, objects(request.dimensions).map((d) => d.type));
    }
    if (isPlainObject(r.body) && r.body.success === true) {
      const names = bodyNames(op.version, op.kind, r.body);
      addNames(seen.metrics, key, names.metrics ?? []);
      addNames(seen.postFields, key, names.fields ?? []);
      addNames(seen.dimensions, key, names.dimensions ?? []);
    }
  };
  const addSeen = (names: CoverageNames) => {
    for (const n of names.operations) ops.add(n);
    for (const kind of KEYED) for (const [key, values] of Object.entries(names[kind])) addNames(seen[kind], key, values);
  };
  const names = (): CoverageNames => {
    const keyed = (s: Seen) => Object.fromEntries([...s].map(([k, v]) => [k, [...v]]));
    return { operations: [...ops], metrics: keyed(seen.metrics), postFields: keyed(seen.postFields), dimensions: keyed(seen.dimensions), statuses: keyed(seen.statuses), errorCodes: keyed(seen.errorCodes) };
  };
  return { add, addNames: addSeen, names, result: () => coverageOf(seen) };
}

/** The names a coverage result counts as exercised (a shard's report, to add up). */
export function namesOf(coverage: Coverage): CoverageNames {
  const keyed = (r: Record<string, CoverageCount> | undefined) => Object.fromEntries(Object.entries(r ?? {}).map(([k, v]) => [k, v.exercised]));
  return { operations: coverage.operations.exercised, metrics: keyed(coverage.metrics), postFields: keyed(coverage.postFields), dimensions: keyed(coverage.dimensions), statuses: keyed(coverage.statuses), errorCodes: keyed(coverage.errorCodes) };
}

function coverageOf(seen: Record<'operations' | (typeof KEYED)[number], Seen>): Coverage {
  const coverage: Coverage = { operations: count('ops', operations.map((o) => o.key), seen.operations), metrics: {}, postFields: {}, dimensions: {}, statuses: {}, errorCodes: {} };
  const data: CatalogData = catalogs;
  const baseDimensions = data.dimensions.map((d) => d.name);
  for (const v of [data.v1, data.v2]) {
    for (const network of v.networks) {
      const key = `v${v.version} ${network}`;
      const networkMetrics = v.metrics[network] ?? [];
      if (networkMetrics.length) coverage.metrics[key] = count(key, networkMetrics.map((m) => m.name), seen.metrics);
      const post = v.posts[network];
      if (post) coverage.postFields[key] = count(key, post.fields.map((f) => f.name), seen.postFields);
      if (v.version === 2) {
        const extra = [...new Set(networkMetrics.flatMap((m) => m.extraDimensions))].sort();
        coverage.dimensions[key] = count(key, [...baseDimensions, ...extra], seen.dimensions);
      }
    }
  }
  for (const op of operations) {
    coverage.statuses[op.key] = count(op.key, statusesOf(op).map(String), seen.statuses);
    coverage.errorCodes[op.key] = count(op.key, failuresOf(op).map((e) => String(e.code)), seen.errorCodes);
  }
  return coverage;
}
