/**
 * Writes generated/request-catalog.ts: the catalog facts the request checks and the client need
 * (names, aggregations, extra dimensions, post field types and lists, limits, error meanings),
 * without descriptions, so that the builders and the client stay small in a browser bundle.
 */
import type { MetricRequestFacts, Model, PostsRequestFacts, RequestCatalogVersion, VersionModel } from '../model/types.js';
import { advancedFilterNames, filterableNames, sortableNames } from '../model/types.js';
import type { Artifact } from './artifact.js';
import { banner } from './banner.js';
import { toTsLiteral } from './catalog-data.js';

export const SCRIPT = 'scripts/generators/request-catalog.ts';

function versionFacts(vm: VersionModel): RequestCatalogVersion {
  const metrics = Object.fromEntries(
    vm.networks.map((network) => [
      network,
      Object.fromEntries(
        vm.metrics[network].map((m): [string, MetricRequestFacts] => [
          m.name,
          { ...(m.aggregation ? { aggregation: m.aggregation } : {}), ...(m.extraDimensions.length ? { extraDimensions: m.extraDimensions } : {}) },
        ]),
      ),
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
            sort: catalog.sort,
            fields: Object.fromEntries(catalog.fields.map((f) => [f.name, { type: f.type, ...(f.enum ? { enum: f.enum } : {}) }])),
            sortable: sortableNames(catalog),
            filterable: filterableNames(catalog),
            advancedFilter: advancedFilterNames(catalog),
          },
        ];
      }),
  );
  return { metrics, posts };
}

export function requestCatalogArtifact(model: Model): Artifact {
  const data = {
    limits: model.limits,
    dimensions: model.dimensions.map((d) => d.name),
    extraDimensions: model.extraDimensions.map((d) => d.name),
    errors: model.errors.map((e) => ({ code: e.code, meaning: e.meaning, httpStatus: e.httpStatus })),
    v1: versionFacts(model.v1),
    v2: versionFacts(model.v2),
  };
  const content = [
    banner(SCRIPT, 'slash').trimEnd(),
    '/**',
    ' * The catalog facts the request checks and the client need (catalogs/*.yaml, without',
    ' * descriptions): per version and network the metric names with their aggregation and extra',
    ' * dimensions, the post fields with their types, the sortable and filterable names; dimensions,',
    ' * limits and error meanings. The full catalogs: generated/catalogs.ts.',
    ' */',
    "import type { RequestCatalog } from '../src/catalog/types.js';",
    '',
    `export const requestCatalog: RequestCatalog = ${toTsLiteral(data)};`,
    '',
  ].join('\n');
  return { path: 'generated/request-catalog.ts', content };
}
