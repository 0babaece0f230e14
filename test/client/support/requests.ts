/** Valid requests for every operation of the mock account, for integration tests. */
import { catalogs } from '../../../src/catalog/catalogs.js';
import { operations, type OperationInfo } from '../../../generated/operations.js';
import type { Metric, PostCatalog } from '../../../src/shared/catalog-types.js';
import { sortableNames } from '../../../src/shared/catalog-names.js';
import type { MockAccount } from '../../../src/mock/index.js';

export interface PlainRequest {
  method: 'GET' | 'POST';
  path: string;
  body: any;
  operation: string;
}

export const allOperations = operations as readonly OperationInfo[];

/** A deterministic pseudo-random generator for picking request parameters. */
export function picker(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const some = <T>(list: readonly T[], max: number): T[] => {
    const copy = [...list];
    const out: T[] = [];
    const n = 1 + int(Math.min(max, copy.length));
    for (let i = 0; i < n; i++) out.push(copy.splice(int(copy.length), 1)[0]);
    return out;
  };
  return { next, int, some, one: <T>(list: readonly T[]) => list[int(list.length)] };
}

export function metricsOf(version: 1 | 2, network: string): readonly Metric[] {
  return (catalogs[`v${version}`].metrics as Record<string, readonly Metric[]>)[network];
}

export function postCatalogOf(version: 1 | 2, network: string): PostCatalog {
  return (catalogs[`v${version}`].posts as Record<string, PostCatalog>)[network];
}

/** Profile ids of a network; `insights` picks only profiles with insights enabled. */
export function profileIds(account: MockAccount, network: string, insights = false): string[] {
  return account.profiles[network].filter((p) => !insights || p.insights_enabled === true).map((p) => p.id);
}

/** A random valid request of an operation (within the limits). */
export function validRequest(op: OperationInfo, account: MockAccount, seed: number): PlainRequest {
  const r = picker(seed);
  const base = { method: op.method, path: op.path, operation: op.key };
  if (op.kind === 'profiles') return { ...base, body: undefined };
  if (op.kind === 'post-labels' || op.kind === 'profile-labels') return { ...base, body: {} };
  const network = op.network!;
  const month = 1 + r.int(12);
  const date_start = `2025-${String(month).padStart(2, '0')}-0${1 + r.int(9)}`;
  const date_end = `2025-${String(month).padStart(2, '0')}-2${r.int(9)}`;
  if (op.kind === 'metrics') {
    const useInsights = r.next() < 0.5;
    const metrics = metricsOf(op.version, network).filter((m) => useInsights || !m.insightsOnly);
    const chosen = r.some(metrics, 6);
    const profiles = r.some(profileIds(account, network, chosen.some((m) => m.insightsOnly)), 5);
    const body: Record<string, unknown> = { date_start, date_end, profiles, metrics: chosen.map((m) => m.name) };
    if (op.version === 2) {
      const dims = r.some(['date.day', 'date.week', 'date.month', 'profile', 'profile_label'], 2).map((type) => ({ type }));
      const extras = chosen.every((m) => m.extraDimensions.length) ? chosen.map((m) => m.extraDimensions).reduce((a, b) => a.filter((x) => b.includes(x))) : [];
      if (extras.length && r.next() < 0.7) dims.push({ type: r.one(extras) });
      body.dimensions = dims;
    }
    return { ...base, body };
  }
  const catalog = postCatalogOf(op.version, network);
  const useInsights = r.next() < 0.5;
  const fields = r.some(catalog.fields.filter((f) => useInsights || !f.insightsOnly).map((f) => f.name), 12);
  const profiles = r.some(profileIds(account, network, fields.some((f) => f.startsWith('insights_'))), 2);
  const body: Record<string, unknown> = { profiles, date_start, date_end, fields, limit: 1 + r.int(60) };
  if (catalog.sort && r.next() < 0.7) {
    const sortable = sortableNames(catalog).filter((s) => useInsights || !s.startsWith('insights_'));
    body.sort = [{ field: r.one(sortable), order: r.one(['asc', 'desc']) }];
  }
  if (r.next() < 0.4) body.filter = [{ match_any: [{ field: 'post_labels', value: r.some(account.contentLabels.map((l) => l.id), 3) }] }];
  return { ...base, body };
}
