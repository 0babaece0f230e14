/**
 * Compares the facts read from the source documents (parse-source.ts, parse-shared.ts) with
 * the catalogs as the pipeline loads them (scripts/model/load-model.ts). Returns one line per
 * difference, empty when the catalogs hold exactly what the documents list: the networks per
 * version; metric names with their aggregations, extra dimensions, value types, units and
 * deprecation; post fields with their types, units and deprecation; sortable, filterable and
 * advanced-filter names; base dimensions, error codes and limits.
 */
import type { Model, VersionModel } from '../../scripts/model/types.js';
import type { PostCatalog } from '../../src/shared/catalog-types.js';
import { advancedFilterNames, filterableNames, sortableNames } from '../../src/shared/catalog-names.js';
import type { SourceFacts, SourceVersion } from './parse-source.js';
import type { SharedFacts } from './parse-shared.js';

const list = (names: Iterable<string>) => [...names].map((n) => JSON.stringify(n)).join(', ');

/** "missing from the catalogs" / "not in the documents" lines for two name lists. */
export function setDifferences(where: string, documentNames: readonly string[], catalogNames: readonly string[]): string[] {
  const doc = new Set(documentNames);
  const cat = new Set(catalogNames);
  const missing = [...doc].filter((n) => !cat.has(n)).sort();
  const extra = [...cat].filter((n) => !doc.has(n)).sort();
  const out: string[] = [];
  if (missing.length) out.push(`${where}: in the documents but missing from the catalogs: ${list(missing)}`);
  if (extra.length) out.push(`${where}: in the catalogs but not in the documents: ${list(extra)}`);
  const duplicates = documentNames.filter((n, i) => documentNames.indexOf(n) !== i);
  if (duplicates.length) out.push(`${where}: the documents list these names twice: ${list(new Set(duplicates))}`);
  return out;
}

function compareMetrics(label: string, source: SourceVersion, vm: VersionModel): string[] {
  const out: string[] = [];
  const networks = new Set([...Object.keys(source.metrics), ...Object.keys(vm.metrics)]);
  for (const network of [...networks].sort()) {
    const docMetrics = source.metrics[network];
    const catMetrics = vm.metrics[network];
    if (!docMetrics) {
      out.push(`${label} ${network}: the catalogs have metrics, the documents list none`);
      continue;
    }
    if (!catMetrics) {
      out.push(`${label} ${network}: the documents list metrics, the catalogs have no metric catalog`);
      continue;
    }
    const where = `${label} ${network} metrics`;
    out.push(...setDifferences(where, docMetrics.map((m) => m.name), catMetrics.map((m) => m.name)));
    for (const doc of docMetrics) {
      const cat = catMetrics.find((m) => m.name === doc.name);
      if (!cat) continue;
      const at = `${label} ${network} metric "${doc.name}"`;
      if (doc.type && doc.type !== cat.type) out.push(`${at}: value type is ${cat.type} in the catalog, ${doc.type} in the documents`);
      if (doc.aggregation !== cat.aggregation) {
        out.push(`${at}: aggregation is ${cat.aggregation ?? 'absent'} in the catalog, ${doc.aggregation ?? 'absent'} in the documents`);
      }
      const docExtras = doc.extraDimensions ?? [];
      out.push(...setDifferences(`${at} extra dimensions`, docExtras, cat.extraDimensions));
      if (doc.deprecated !== cat.deprecated) out.push(`${at}: deprecated is ${cat.deprecated} in the catalog, ${doc.deprecated} in the documents`);
      if (doc.unit !== cat.unit) out.push(`${at}: unit is ${cat.unit ?? 'absent'} in the catalog, ${doc.unit ?? 'absent'} in the documents`);
    }
  }
  return out;
}

function comparePosts(label: string, network: string, source: SourceVersion, catalog: PostCatalog): string[] {
  const out: string[] = [];
  const docFields = source.postFields[network];
  const where = `${label} ${network} post fields`;
  out.push(...setDifferences(where, docFields.map((f) => f.name), catalog.fields.map((f) => f.name)));
  for (const doc of docFields) {
    const cat = catalog.fields.find((f) => f.name === doc.name);
    if (!cat) continue;
    const at = `${label} ${network} post field "${doc.name}"`;
    if (doc.type !== cat.type) out.push(`${at}: type is ${cat.type} in the catalog, ${doc.type} in the documents`);
    if (doc.deprecated !== cat.deprecated) out.push(`${at}: deprecated is ${cat.deprecated} in the catalog, ${doc.deprecated} in the documents`);
    if (doc.unit !== cat.unit) out.push(`${at}: unit is ${cat.unit ?? 'absent'} in the catalog, ${doc.unit ?? 'absent'} in the documents`);
  }
  const docSortable = source.sortable[network];
  if ((docSortable !== undefined) !== catalog.sort) {
    out.push(`${label} ${network} posts: sort is ${catalog.sort ? '' : 'not '}offered in the catalog, ${docSortable ? '' : 'not '}offered in the documents`);
  }
  out.push(...setDifferences(`${label} ${network} sortable names`, docSortable ?? [], sortableNames(catalog)));
  const docFilterable = source.filterable[network] ?? [];
  out.push(...setDifferences(`${label} ${network} filterable names`, docFilterable.map((f) => f.name), filterableNames(catalog)));
  out.push(
    ...setDifferences(
      `${label} ${network} advanced-filter names`,
      docFilterable.filter((f) => f.advanced).map((f) => f.name),
      advancedFilterNames(catalog),
    ),
  );
  return out;
}

function compareVersion(label: 'v1' | 'v2', source: SourceVersion, documentNetworks: string[], vm: VersionModel): string[] {
  const out = setDifferences(`${label} networks`, documentNetworks, vm.networks);
  out.push(...compareMetrics(label, source, vm));
  const postNetworks = new Set([...Object.keys(source.postFields), ...Object.keys(vm.posts)]);
  for (const network of [...postNetworks].sort()) {
    if (!source.postFields[network]) out.push(`${label} ${network}: the catalogs have post fields, the documents list none`);
    else if (!vm.posts[network]) out.push(`${label} ${network}: the documents list post fields, the catalogs have no post-field catalog`);
    else out.push(...comparePosts(label, network, source, vm.posts[network]));
  }
  return out;
}

/** Limit names of the documents' Limits table -> keys of catalogs/limits.yaml. */
const LIMIT_KEYS: Record<string, keyof Model['limits']> = {
  'requests per account': 'requestsPerHourPerAccount',
  'requests per user': 'requestsPerHourPerUser',
  'profiles per metrics request': 'profilesPerMetricsRequest',
  'metrics per metrics request': 'metricsPerMetricsRequest',
  'date range per metrics request': 'dateRangeMonths',
  'page size limit': 'pageSize',
};

const sortedEndpoints = (e: SharedFacts['errors'][number]['endpoints'] | Model['errors'][number]['endpoints']) =>
  e === 'all' ? 'all' : JSON.stringify({ v1: [...(e.v1 ?? [])].sort(), v2: [...(e.v2 ?? [])].sort() });

/** Base dimensions, error codes (HTTP status, endpoints) and limits. */
export function sharedDifferences(shared: SharedFacts, model: Model): string[] {
  const out = setDifferences('dimensions', shared.dimensions, model.dimensions.map((d) => d.name));
  out.push(...setDifferences('error codes', shared.errors.map((e) => String(e.code)), model.errors.map((e) => String(e.code))));
  for (const doc of shared.errors) {
    const cat = model.errors.find((e) => e.code === doc.code);
    if (!cat) continue;
    if (cat.httpStatus !== doc.httpStatus) out.push(`error ${doc.code}: HTTP status is ${cat.httpStatus} in the catalog, ${doc.httpStatus} in the documents`);
    if (sortedEndpoints(cat.endpoints) !== sortedEndpoints(doc.endpoints)) {
      out.push(`error ${doc.code}: endpoints are ${sortedEndpoints(cat.endpoints)} in the catalog, ${sortedEndpoints(doc.endpoints)} in the documents`);
    }
  }
  for (const [name, doc] of Object.entries(shared.limits)) {
    const key = LIMIT_KEYS[name];
    if (!key) {
      out.push(`limit "${name}" of the documents has no key in catalogs/limits.yaml (add it to LIMIT_KEYS)`);
      continue;
    }
    const cat = model.limits[key] as { value?: number; errorCode?: number; default?: number; max?: number };
    const catalog = key === 'pageSize' ? { value: cat.default, max: cat.max } : { value: cat.value, errorCode: cat.errorCode };
    if (JSON.stringify(catalog) !== JSON.stringify(doc)) out.push(`limit ${key}: ${JSON.stringify(catalog)} in the catalog, ${JSON.stringify(doc)} in the documents`);
  }
  const unmatched = Object.keys(model.limits).filter((k) => !Object.entries(LIMIT_KEYS).some(([name, key]) => key === k && name in shared.limits));
  if (unmatched.length) out.push(`limits in the catalog but not in the documents: ${list(unmatched)}`);
  return out;
}

/** Every difference between the documents and the catalogs; empty when they agree. */
export function fidelityDifferences(facts: SourceFacts & { shared: SharedFacts }, model: Model): string[] {
  return [
    ...sharedDifferences(facts.shared, model),
    ...compareVersion('v1', facts.v1, facts.networks.v1, model.v1),
    ...compareVersion('v2', facts.v2, facts.networks.v2, model.v2),
  ];
}
