/**
 * `validate --coverage`: which operations, metrics (per version and network), post fields and
 * dimensions the checked captures exercised, against the catalogs (x of y). Names come from the
 * requests and from the bodies (v2 header rows, v1 day records, posts), and count only when the
 * catalog knows them.
 */
import { catalogs } from '../catalog/catalogs.js';
import { operations } from '../../generated/operations.js';
import { isPlainObject } from '../shared/values.js';
import type { CapturedResponse } from '../captures/types.js';
import { lookupOperation } from '../validators/index.js';
import { requestBody, UnreadableRequest } from '../validators/checks/request-shape.js';
import type { CatalogData } from '../shared/catalog-types.js';
import type { Coverage, CoverageCount } from './report-types.js';

type Seen = Map<string, Set<string>>;

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
  result(): Coverage;
}

export function createCoverageCollector(): CoverageCollector {
  const ops = new Set<string>();
  const metrics: Seen = new Map();
  const fields: Seen = new Map();
  const dimensions: Seen = new Map();
  const add = (r: CapturedResponse) => {
    const op = lookupOperation(r.method, r.path).operation;
    if (!op?.network) {
      if (op) ops.add(op.key);
      return;
    }
    ops.add(op.key);
    const key = `v${op.version} ${op.network}`;
    const request = requestBody(r.request);
    if (request && !(request instanceof UnreadableRequest)) {
      addNames(metrics, key, op.kind === 'metrics' ? list(request.metrics) : []);
      addNames(fields, key, op.kind === 'posts' ? list(request.fields) : []);
      addNames(dimensions, key, objects(request.dimensions).map((d) => d.type));
    }
    if (isPlainObject(r.body) && r.body.success === true) {
      const names = bodyNames(op.version, op.kind, r.body);
      addNames(metrics, key, names.metrics ?? []);
      addNames(fields, key, names.fields ?? []);
      addNames(dimensions, key, names.dimensions ?? []);
    }
  };
  return { add, result: () => coverageOf(ops, metrics, fields, dimensions) };
}

function coverageOf(ops: Set<string>, metrics: Seen, fields: Seen, dimensions: Seen): Coverage {
  const coverage: Coverage = { operations: count('ops', operations.map((o) => o.key), new Map([['ops', ops]])), metrics: {}, postFields: {}, dimensions: {} };
  const data: CatalogData = catalogs;
  const baseDimensions = data.dimensions.map((d) => d.name);
  for (const v of [data.v1, data.v2]) {
    for (const network of v.networks) {
      const key = `v${v.version} ${network}`;
      const networkMetrics = v.metrics[network] ?? [];
      if (networkMetrics.length) coverage.metrics[key] = count(key, networkMetrics.map((m) => m.name), metrics);
      const post = v.posts[network];
      if (post) coverage.postFields[key] = count(key, post.fields.map((f) => f.name), fields);
      if (v.version === 2) {
        const extra = [...new Set(networkMetrics.flatMap((m) => m.extraDimensions))].sort();
        coverage.dimensions[key] = count(key, [...baseDimensions, ...extra], dimensions);
      }
    }
  }
  return coverage;
}

