/**
 * Writes generated/request-catalog.ts: the catalog facts the request checks and the client need
 * (names, extra dimensions, post field lists, limits; for the client also the `sum` metrics and
 * the error meanings), without descriptions, so that the builders and the client stay small in a browser
 * bundle. Each version and each client-only fact is its own export, so a bundle holds only what
 * it imports: the `/v2` builders nothing of version 1, the builders no error meaning. A list that
 * both versions hold alike (the facebook post fields) is written once.
 */
import type { MetricsRequestFacts, Model, PostsRequestFacts, RequestCatalogVersion, VersionModel } from '../../model/types.js';
import { advancedFilterNames, filterableNames, pascal, sortableNames } from '../../model/types.js';
import type { Artifact } from '../artifact.js';
import { banner } from '../banner.js';
import { TsCode, toTsLiteral } from './catalog-data.js';

export const SCRIPT = 'scripts/generators/data/request-catalog.ts';

/** `{ [key]: map }`, or nothing for an empty map. */
const unlessEmpty = <K extends string>(key: K, map: Record<string, unknown>) => (Object.keys(map).length ? { [key]: map } : {});

function versionFacts(vm: VersionModel): RequestCatalogVersion {
  const metrics = Object.fromEntries(
    vm.networks.map((network): [string, MetricsRequestFacts] => [
      network,
      {
        names: vm.metrics[network].map((m) => m.name),
        ...unlessEmpty('extraDimensions', Object.fromEntries(vm.metrics[network].filter((m) => m.extraDimensions.length).map((m) => [m.name, m.extraDimensions]))),
      },
    ]),
  );
  const posts = Object.fromEntries(
    vm.networks
      .filter((n) => vm.posts[n])
      .map((network): [string, PostsRequestFacts] => {
        const catalog = vm.posts[network];
        return [
          network,
          {
            fields: catalog.fields.map((f) => f.name),
            ...unlessEmpty('fieldValues', Object.fromEntries(catalog.fields.filter((f) => f.enum).map((f) => [f.name, f.enum!]))),
            sortable: sortableNames(catalog),
            filterable: filterableNames(catalog),
            advancedFilter: advancedFilterNames(catalog),
          },
        ];
      }),
  );
  return { metrics, posts };
}

/** A list both versions hold alike, written once as a constant. */
interface SharedList {
  name: string;
  doc: string;
  values: readonly string[];
}

/**
 * Replaces, in both versions' facts, each post list a network has alike in both versions by a
 * reference to one constant (`facebookPostFields`); returns those constants.
 */
function shareLists(v1: RequestCatalogVersion, v2: RequestCatalogVersion): SharedList[] {
  const shared: SharedList[] = [];
  for (const network of Object.keys(v2.posts)) {
    const a = v1.posts[network] as unknown as Record<string, unknown> | undefined;
    const b = v2.posts[network] as unknown as Record<string, unknown>;
    if (!a) continue;
    for (const key of Object.keys(b)) {
      const values = b[key];
      if (!Array.isArray(values) || values.length < 2 || JSON.stringify(a[key]) !== JSON.stringify(values)) continue;
      const name = `${network}Post${pascal(key)}`;
      shared.push({ name, doc: `The ${key} list of the ${network} post catalog, alike in both versions.`, values });
      a[key] = b[key] = new TsCode(name);
    }
  }
  return shared;
}

/**
 * Moves the per-network metric names of version 2 into one constant per network
 * (`facebookV2MetricNames`), which `v2` and the map `v2MetricNames` refer to by name: the client
 * reads the names (to merge split answers) and a bundler drops the rest of the catalog.
 */
function shareMetricNames(v2: RequestCatalogVersion): (SharedList & { network: string })[] {
  return Object.entries(v2.metrics).map(([network, facts]) => {
    const name = `${network}V2MetricNames`;
    const values = facts.names;
    (facts as { names: unknown }).names = new TsCode(name);
    return { network, name, doc: `The version 2 metric names of ${network}.`, values };
  });
}

/** Per network, the metrics of `vm` that aggregate by `sum`. */
function sumMetrics(vm: VersionModel): Record<string, string[]> {
  return Object.fromEntries(vm.networks.map((n) => [n, vm.metrics[n].filter((m) => m.aggregation === 'sum').map((m) => m.name)]));
}

/** `head = value;`, a list one item a line when it does not fit on the line. */
function declaration(head: string, value: unknown): string {
  const text = `${head} = ${toTsLiteral(value)};`;
  if (!Array.isArray(value) || text.split('\n')[0].length <= 100) return text;
  return `${head} = [\n${value.map((v) => `  ${toTsLiteral(v, '  ')},`).join('\n')}\n];`;
}

export function requestCatalogArtifact(model: Model): Artifact {
  const v1 = versionFacts(model.v1);
  const v2 = versionFacts(model.v2);
  const shared = shareLists(v1, v2);
  const v2MetricNames = shareMetricNames(v2);
  const missing = model.v2.networks.flatMap((n) => model.v2.metrics[n].filter((m) => !m.aggregation).map((m) => `${n}/${m.name}`));
  if (missing.length) throw new Error(`request catalog: v2 metrics without an aggregation: ${missing.join(', ')}`);
  const content = [
    banner(SCRIPT, 'slash').trimEnd(),
    '/**',
    ' * The catalog facts the request checks and the client need (catalogs/*.yaml, without',
    ' * descriptions), one export per version and per client-only fact, so that a bundle holds only',
    ' * what it imports. The full catalogs: generated/catalogs.ts. Data only: each export gets its',
    ' * type in src/catalog/request-catalog.ts.',
    ' */',
    '',
    ...[...shared, ...v2MetricNames].flatMap((s) => [`/** ${s.doc} */`, declaration(`const ${s.name}: readonly string[]`, s.values), '']),
    '/** The request limits (catalogs/limits.yaml). */',
    `export const requestLimits = ${toTsLiteral(model.limits)};`,
    '',
    '/** The base dimensions (every v2 metric supports them). */',
    declaration('export const baseDimensionNames: readonly string[]', model.dimensions.map((d) => d.name)),
    '',
    '/** The extra dimensions of any metric. */',
    declaration('export const extraDimensionNames: readonly string[]', model.extraDimensions.map((d) => d.name)),
    '',
    '/** Version 1: per network the metric names and the post field lists. */',
    `export const v1RequestCatalog = ${toTsLiteral(v1)};`,
    '',
    '/** Version 2: per network the metric names (also the client merges split answers by them). */',
    `export const v2MetricNames: Readonly<Record<string, readonly string[]>> = ${toTsLiteral(Object.fromEntries(v2MetricNames.map((s) => [s.network, new TsCode(s.name)])))};`,
    '',
    '/** Version 2: per network the metric names with their extra dimensions, the post field lists. */',
    `export const v2RequestCatalog = ${toTsLiteral(v2)};`,
    '',
    '/**',
    ' * Version 2, per network: the metrics that aggregate by `sum`; every other metric of',
    ' * v2MetricNames aggregates by `avg` (the client merges split answers by them).',
    ' */',
    `export const v2SumMetrics: Readonly<Record<string, readonly string[]>> = ${toTsLiteral(sumMetrics(model.v2))};`,
    '',
    '/** API error code -> its meaning (the client names the codes of a failure). */',
    `export const errorMeanings: Readonly<Record<number, string>> = ${toTsLiteral(Object.fromEntries(model.errors.map((e) => [e.code, e.meaning])))};`,
    '',
  ].join('\n');
  return { path: 'generated/request-catalog.ts', content };
}
