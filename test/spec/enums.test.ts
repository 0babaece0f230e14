/**
 * Per-network enums and field types of the generated documents equal the catalogs: metric
 * names, dimensions (the base ones plus only the extra dimensions that network's metrics
 * allow), post fields, sortable, filterable and advanced-filter names, post field types and
 * the v1 day record members.
 */
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../scripts/model/load-model.js';
import { pascal, type VersionModel } from '../../scripts/model/types.js';
import { advancedFilterNames, filterableNames, sortableNames } from '../../src/shared/catalog-names.js';
import type { PostField } from '../../src/shared/catalog-types.js';
import { PROJECT_ROOT } from '../pipeline/temp-project.js';
import { deref, generatedDoc, operations, refName, type Doc } from './generated-docs.js';

const model = loadModel(PROJECT_ROOT);
const sorted = (names: readonly string[]) => [...names].sort();

/** The enum of a node that is, or refers to, a string enum schema (none for `not: {}`, an empty list). */
function enumOf(doc: Doc, node: unknown): string[] {
  const schema = deref(doc, node);
  expect(schema?.type).toBe('string');
  if (schema.enum === undefined && schema.not && !Object.keys(schema.not).length) return [];
  return sorted(schema.enum);
}

/** The request schema of an operation of the document, by key. */
function requestSchema(doc: Doc, key: string): { name: string; schema: any } {
  const op = operations(doc).find((o) => o.key === key);
  if (!op) throw new Error(`${key} is not in the document`);
  const ref = op.op.requestBody.content['application/json'].schema;
  return { name: refName(ref)!, schema: deref(doc, ref) };
}

/** Types a catalog field type has in the generated schema. */
function expectedType(f: Pick<PostField, 'type'>): Record<string, unknown> {
  return f.type === 'datetime' ? { type: 'string', format: 'date-time' } : { type: f.type };
}

const metricCases = ([model.v1, model.v2] as VersionModel[]).flatMap((vm) => vm.networks.map((network) => [vm.version, network] as const));

describe.each(metricCases)('v%s %s metrics', (version, network) => {
  const vm = version === 1 ? model.v1 : model.v2;
  const doc = generatedDoc(version);
  const metrics = vm.metrics[network];
  const { name, schema } = requestSchema(doc, `POST /${version}/${network}/metrics`);

  it('the request is the network component and its metric enum is the catalog', () => {
    expect(name).toBe(`${pascal(network)}MetricsRequest`);
    expect(enumOf(doc, schema.properties.metrics.items)).toEqual(sorted(metrics.map((m) => m.name)));
  });

  it('x-metrics carries each metric\'s catalog facts beside the enum (type, aggregation, extra dimensions, insights, unit)', () => {
    const facts = deref(doc, schema.properties.metrics.items)['x-metrics'];
    expect(Object.keys(facts)).toEqual(metrics.map((m) => m.name));
    for (const m of metrics) {
      expect(facts[m.name], m.name).toMatchObject({ type: m.type, insightsOnly: m.insightsOnly });
      if (version === 2) expect(facts[m.name], m.name).toMatchObject({ aggregation: m.aggregation, extraDimensions: m.extraDimensions });
      else expect(facts[m.name].aggregation, m.name).toBeUndefined();
      expect(facts[m.name].unit, m.name).toBe(m.unit);
      expect(facts[m.name].deprecated, m.name).toBe(m.deprecated ? true : undefined);
    }
  });

  if (version === 2) {
    const allowed = [...model.dimensions.map((d) => d.name), ...new Set(metrics.flatMap((m) => m.extraDimensions))];

    it('dimensions: the base ones plus only the extra dimensions its metrics allow', () => {
      expect(enumOf(doc, schema.properties.dimensions.items.properties.type)).toEqual(sorted(allowed));
    });

    it('response header types: the same dimensions plus `metric`', () => {
      const response = deref(doc, { $ref: `#/components/schemas/${pascal(network)}MetricsResponse` });
      // The header types are the inferred v2.metrics.dimension-types: an annotation of the published document, not an enum.
      const type = deref(doc, response.properties.header.items.properties.type);
      expect(type.type).toBe('string');
      expect(type.enum).toBeUndefined();
      const inferred = (type['x-inferred-rules'] as { rule: string; keyword: string; value: string[] }[]).find((r) => r.keyword === 'enum')!;
      expect(inferred.rule).toBe('v2.metrics.dimension-types');
      expect(sorted(inferred.value)).toEqual(sorted([...allowed, 'metric']));
    });
  } else {
    it('has no dimensions parameter', () => {
      expect(schema.properties.dimensions).toBeUndefined();
    });

    it('day record: date plus one member per metric, typed from the catalog', () => {
      const response = deref(doc, { $ref: `#/components/schemas/${pascal(network)}MetricsResponse` });
      const record = deref(doc, response.properties.profiles.items.properties.data.items);
      expect(sorted(Object.keys(record.properties))).toEqual(sorted(['date', ...metrics.map((m) => m.name)]));
      expect(record.additionalProperties).toBe(false);
      // A metric that may return no data may be null.
      for (const m of metrics) expect(record.properties[m.name].type, m.name).toEqual(m.mayReturnNoData ? [m.type, 'null'] : m.type);
    });
  }
});

/** Post catalogs of the catalogs/ files, each with the key of its posts operation, if the documents show one (else only components). */
const postCases = ([model.v1, model.v2] as VersionModel[]).flatMap((vm) => Object.keys(vm.posts).map((network) => [vm.version, network] as const));

/** The operation whose request body is the network's posts request component, if any. */
const postsOperation = (doc: Doc, network: string) =>
  operations(doc).find((o) => refName(o.op.requestBody?.content?.['application/json']?.schema) === `${pascal(network)}PostsRequest`)?.key;

it('every posts operation of the documents reads a post catalog of its version', () => {
  for (const vm of [model.v1, model.v2] as VersionModel[]) {
    const posts = operations(generatedDoc(vm.version)).filter((o) => o.path.endsWith('/posts'));
    expect(posts.length).toBeGreaterThan(0);
    const withCatalog = Object.keys(vm.posts).map((network) => postsOperation(generatedDoc(vm.version), network));
    expect(sorted(posts.map((o) => o.key))).toEqual(sorted(withCatalog.filter((key) => key !== undefined)));
  }
});

describe.each(postCases)('v%s %s posts', (version, network) => {
  const vm = version === 1 ? model.v1 : model.v2;
  const doc = generatedDoc(version);
  const catalog = vm.posts[network];
  const title = pascal(network);
  const operationKey = postsOperation(doc, network);
  const request = operationKey ? requestSchema(doc, operationKey) : { name: `${title}PostsRequest`, schema: deref(doc, { $ref: `#/components/schemas/${title}PostsRequest` }) };

  it('the request is the network component', () => {
    expect(request.name).toBe(`${title}PostsRequest`);
    expect(request.schema).toBeDefined();
  });

  it('fields enum: every post field of the catalog', () => {
    expect(enumOf(doc, request.schema.properties.fields.items)).toEqual(sorted(catalog.fields.map((f) => f.name)));
  });

  it('sort: the sortable names, or no sort parameter when the network offers none', () => {
    if (!catalog.sort) {
      expect(request.schema.properties.sort).toBeUndefined();
      expect(doc.components.schemas[`${title}SortField`]).toBeUndefined();
    } else {
      expect(enumOf(doc, request.schema.properties.sort.items.properties.field)).toEqual(sorted(sortableNames(catalog)));
    }
  });

  it('filter: the filterable names, and the advanced match_any form for the advanced-filter names', () => {
    const filter = deref(doc, request.schema.properties.filter.items);
    const [plain, advanced] = filter.oneOf;
    expect(enumOf(doc, plain.properties.field)).toEqual(sorted(filterableNames(catalog)));
    expect(enumOf(doc, advanced.properties.match_any.items.properties.field)).toEqual(sorted(advancedFilterNames(catalog)));
  });

  it('post: one property per field and response member, typed from the catalog', () => {
    const page = deref(doc, { $ref: `#/components/schemas/${title}PostsResponse` });
    const post = deref(doc, page.properties.data.properties.posts.items);
    expect(refName(page.properties.data.properties.posts.items)).toBe(`${title}Post`);
    expect(Object.keys(page.properties.data.properties).sort()).toEqual(['next', 'posts', 'remaining']);
    expect(sorted(Object.keys(post.properties))).toEqual(sorted([...catalog.fields, ...catalog.responseMembers].map((f) => f.name)));
    // Members beyond the field tables are inferred (they may answer a request that named them): an annotation, not a keyword.
    expect(post.additionalProperties).toBeUndefined();
    expect(post['x-inferred-rules']).toContainEqual({ rule: 'shared.posts.post-fields-of-network', keyword: 'additionalProperties', value: false });
    for (const f of [...catalog.fields, ...catalog.responseMembers]) expect(post.properties[f.name], f.name).toMatchObject(expectedType(f));
    for (const f of catalog.fields.filter((x) => x.deprecated)) expect(post.properties[f.name].deprecated, f.name).toBe(true);
  });
});
