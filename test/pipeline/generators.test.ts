/**
 * Unit tests of the generator building blocks on a tiny fixture model, with the expected
 * output written out inline: x-catalog directives, post field and v1 day-record schemas, the
 * TypeScript literal printer, and the expansion of `Network*` templates per network.
 */
import { describe, expect, it } from 'vitest';
import { dayRecordSchema, postFieldSchema, resolveDirective, type Directive } from '../../scripts/generators/openapi/catalog-schemas.js';
import { toTsLiteral } from '../../scripts/generators/data/catalog-data.js';
import { buildOpenApi } from '../../scripts/generators/openapi/openapi-bundle.js';
import { PipelineError } from '../../scripts/model/errors.js';
import type { Model } from '../../scripts/model/types.js';
import { field, fixtureModel, metric } from './fixture-model.js';

const UTC_DATETIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(\\+00:00|Z)$';

/** The fixture with beta given a post catalog that offers no sort. */
function withUnsortedBeta(): Model {
  const model = fixtureModel();
  model.v2.posts.beta = { sort: false, fields: [field('id', 'string'), field('post_labels', 'array', { filterable: true, advancedFilter: true })], responseMembers: [] };
  return model;
}

describe('resolveDirective', () => {
  const cases: { directive: Directive; network: string; node?: Record<string, unknown>; expected: Record<string, unknown> | undefined }[] = [
    { directive: 'network', network: 'alpha', expected: { type: 'string', enum: ['alpha', 'beta'] } },
    {
      directive: 'metric-name',
      network: 'alpha',
      node: { description: 'A metric.', 'x-per-network': 'metrics', 'x-catalog': 'metric-name' },
      expected: {
        description: 'A metric.',
        type: 'string',
        enum: ['fans', 'insights_reach'],
        'x-metrics': { fans: { type: 'number', aggregation: 'sum', extraDimensions: ['country'], insightsOnly: false }, insights_reach: { type: 'number', aggregation: 'avg', extraDimensions: [], insightsOnly: true } },
      },
    },
    { directive: 'metric-name', network: 'beta', expected: { type: 'string', enum: ['followers'], 'x-metrics': { followers: { type: 'number', aggregation: 'avg', extraDimensions: [], insightsOnly: false } } } },
    { directive: 'dimension-type', network: 'alpha', expected: { type: 'string', enum: ['date.day', 'profile', 'country'] } },
    { directive: 'dimension-type', network: 'beta', expected: { type: 'string', enum: ['date.day', 'profile'] } },
    { directive: 'header-type', network: 'alpha', expected: { type: 'string', enum: ['date.day', 'profile', 'country', 'metric'] } },
    { directive: 'header-type', network: 'beta', expected: { type: 'string', enum: ['date.day', 'profile', 'metric'] } },
    { directive: 'post-field', network: 'alpha', expected: { type: 'string', enum: ['created_time', 'reactions_by_type', 'post_labels', 'type', 'insights_reach'] } },
    {
      directive: 'sort-field',
      network: 'alpha',
      expected: { type: 'string', enum: ['created_time', 'reactions_by_type.like', 'reactions_by_type.wow', 'insights_reach'] },
    },
    { directive: 'sort-field', network: 'beta', expected: undefined },
    { directive: 'filter-field', network: 'alpha', expected: { type: 'string', enum: ['post_labels', 'type'] } },
    { directive: 'filter-field', network: 'beta', expected: { type: 'string', enum: ['post_labels'] } },
    { directive: 'advanced-filter-field', network: 'alpha', expected: { type: 'string', enum: ['post_labels'] } },
    {
      directive: 'sort-parameter',
      network: 'alpha',
      node: { type: 'array', description: 'Sort order.', 'x-catalog': 'sort-parameter', items: { type: 'object' } },
      expected: { type: 'array', description: 'Sort order.', items: { type: 'object' } },
    },
    { directive: 'sort-parameter', network: 'beta', node: { type: 'array', 'x-catalog': 'sort-parameter' }, expected: undefined },
  ];

  it.each(cases)('$directive for $network', ({ directive, network, node, expected }) => {
    const model = withUnsortedBeta();
    const input = node ?? { type: 'string', 'x-catalog': directive };
    expect(resolveDirective(directive, model, model.v2, network, input)).toEqual(expected);
  });

  it('post: the network post object with every field and response member, nothing else', () => {
    const model = fixtureModel();
    expect(resolveDirective('post', model, model.v2, 'alpha', { 'x-catalog': 'post' })).toEqual({
      type: 'object',
      description: 'A alpha post. It holds only the requested fields (and profile_id).',
      properties: {
        created_time: { type: 'string', format: 'date-time', pattern: UTC_DATETIME, description: 'Creation time.' },
        reactions_by_type: { type: 'object', properties: { like: { type: 'integer' } } },
        post_labels: { type: 'array', items: { type: 'string' } },
        type: { type: 'string' },
        insights_reach: { type: 'integer', description: 'Only for profiles with insights_enabled.' },
        profile_id: { type: 'string', description: 'Profile id.' },
      },
      additionalProperties: false,
    });
  });
});

describe('postFieldSchema', () => {
  const cases = [
    {
      name: 'datetime: UTC date-time string',
      input: field('created_time', 'datetime'),
      expected: { type: 'string', format: 'date-time', pattern: UTC_DATETIME },
    },
    { name: 'array with items', input: field('tags', 'array', { items: { type: 'string' } }), expected: { type: 'array', items: { type: 'string' } } },
    { name: 'array without items', input: field('attachments', 'array'), expected: { type: 'array', items: {} } },
    { name: 'object with properties', input: field('by_type', 'object', { properties: { like: { type: 'integer' } } }), expected: { type: 'object', properties: { like: { type: 'integer' } } } },
    { name: 'object without properties', input: field('by_type', 'object'), expected: { type: 'object' } },
    { name: 'string with enum', input: field('ppd_status', 'string', { enum: ['organic', 'paid'] }), expected: { type: 'string', enum: ['organic', 'paid'] } },
    { name: 'plain number', input: field('engagement_rate', 'number'), expected: { type: 'number' } },
    {
      name: 'description, unit, insights and deprecation in the description',
      input: field('insights_view_time', 'integer', { description: 'View time.', unit: 'milliseconds', deprecated: true }),
      expected: { type: 'integer', description: 'View time. In milliseconds. Only for profiles with insights_enabled. No longer supported.', deprecated: true },
    },
    { name: 'response member', input: { name: 'profile_id', type: 'string' as const, description: 'Profile id.' }, expected: { type: 'string', description: 'Profile id.' } },
  ];

  it.each(cases)('$name', ({ input, expected }) => {
    expect(postFieldSchema(input)).toEqual(expected);
  });
});

describe('dayRecordSchema', () => {
  it('date plus one member per metric, typed from the catalog', () => {
    const metrics = [
      metric('likes', { type: 'integer' }),
      metric('engagement_rate', { type: 'number', note: 'Mean of the daily values.' }),
      metric('viewed_time', { type: 'integer', unit: 'seconds', description: 'Viewed time.' }),
      metric('likes_by_filter', { type: 'object', deprecated: true }),
      metric('insights_views', { type: 'integer' }),
    ];
    expect(dayRecordSchema(metrics, 'alpha')).toEqual({
      type: 'object',
      description: 'The alpha metrics of one profile on one day: date plus one member per requested metric.',
      required: ['date'],
      properties: {
        date: {
          type: 'string',
          pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$',
          description: 'Midnight of the day in the profile timezone, YYYY-MM-DD HH:MM:SS.',
        },
        likes: { type: 'integer' },
        engagement_rate: { type: 'number', description: 'Mean of the daily values.' },
        viewed_time: { type: 'integer', description: 'Viewed time. In seconds.' },
        likes_by_filter: {
          type: 'object',
          description: 'Breakdown map; its keys and value types are not shown in the source documents. No longer supported.',
          deprecated: true,
        },
        insights_views: { type: 'integer', description: 'Only for profiles with insights_enabled.' },
      },
      additionalProperties: false,
    });
  });
});

describe('toTsLiteral', () => {
  it('prints objects with unquoted identifier keys, quoted other keys, and drops undefined', () => {
    expect(toTsLiteral({ a: 1, 'b-c': 'x "q"', e: [], f: {}, g: undefined, h: null, i: true })).toBe(
      ['{', '  a: 1,', '  "b-c": "x \\"q\\"",', '  e: [],', '  f: {},', '  h: null,', '  i: true,', '}'].join('\n'),
    );
  });

  it('keeps short arrays of plain values on one line', () => {
    expect(toTsLiteral({ d: [1, 'two', false] })).toBe('{\n  d: [1, "two", false],\n}');
  });

  it('breaks long arrays of plain values and arrays of objects over lines, indenting by nesting', () => {
    const long = Array.from({ length: 9 }, (_, i) => `metric_name_${i}`);
    expect(toTsLiteral({ x: { names: long } })).toBe(
      ['{', '  x: {', '    names: [', ...long.map((n) => `      "${n}",`), '    ],', '  },', '}'].join('\n'),
    );
    expect(toTsLiteral([{ a: 1 }, { b: [2] }])).toBe(['[', '  {', '    a: 1,', '  },', '  {', '    b: [2],', '  },', ']'].join('\n'));
  });

  it('prints text that reads back as the same data', () => {
    const data = { networks: [{ name: 'alpha', versions: [1, 2] }], 'date.day': 'x', nested: { empty: [], quote: 'a\nb' } };
    expect(new Function(`return (${toTsLiteral(data)});`)()).toEqual(data);
  });
});

describe('Network* expansion', () => {
  it('gives one concrete path per network and one component per network, with the catalogs filled in', () => {
    const doc = buildOpenApi(fixtureModel(), 2);

    expect(Object.keys(doc.paths)).toEqual(['/2/alpha/metrics', '/2/beta/metrics', '/2/post/labels']);
    expect(doc.components.schemas).toEqual({
      AlphaMetricName: {
        description: 'A metric.',
        type: 'string',
        enum: ['fans', 'insights_reach'],
        'x-metrics': { fans: { type: 'number', aggregation: 'sum', extraDimensions: ['country'], insightsOnly: false }, insights_reach: { type: 'number', aggregation: 'avg', extraDimensions: [], insightsOnly: true } },
      },
      AlphaMetricsRequest: {
        type: 'object',
        required: ['metrics', 'dimensions'],
        properties: {
          metrics: { type: 'array', items: { $ref: '#/components/schemas/AlphaMetricName' } },
          dimensions: { type: 'array', items: { type: 'string', enum: ['date.day', 'profile', 'country'] } },
        },
      },
      AlphaSortField: { type: 'string', enum: ['created_time', 'reactions_by_type.like', 'reactions_by_type.wow', 'insights_reach'] },
      BetaMetricName: { description: 'A metric.', type: 'string', enum: ['followers'], 'x-metrics': { followers: { type: 'number', aggregation: 'avg', extraDimensions: [], insightsOnly: false } } },
      BetaMetricsRequest: {
        type: 'object',
        required: ['metrics', 'dimensions'],
        properties: {
          metrics: { type: 'array', items: { $ref: '#/components/schemas/BetaMetricName' } },
          dimensions: { type: 'array', items: { type: 'string', enum: ['date.day', 'profile'] } },
        },
      },
      Plain: { type: 'string' },
    });
    expect(Object.keys(doc.components.schemas)).toEqual(['AlphaMetricName', 'AlphaMetricsRequest', 'AlphaSortField', 'BetaMetricName', 'BetaMetricsRequest', 'Plain']);

    expect(doc.paths['/2/beta/metrics']).toEqual({
      post: {
        operationId: 'getBetaMetrics',
        summary: 'Metrics of beta profiles',
        requestBody: {
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/BetaMetricsRequest' },
              examples: {
                daily: {
                  summary: 'Daily followers',
                  value: { date_start: '2026-01-01', date_end: '2026-01-03', profiles: ['beta_profile_1'], metrics: ['followers'], dimensions: [{ type: 'date.day' }] },
                },
                byProfile: {
                  summary: 'Daily followers per profile',
                  value: {
                    date_start: '2026-01-01',
                    date_end: '2026-01-03',
                    profiles: ['beta_profile_1', 'beta_profile_2'],
                    metrics: ['followers'],
                    dimensions: [{ type: 'profile' }, { type: 'date.day' }],
                  },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
        security: [{ basicAuth: [] }],
      },
    });
    expect(doc.paths['/2/post/labels']).toEqual({
      post: { operationId: 'listPostLabels', responses: { '200': { description: 'ok' } }, security: [{ basicAuth: [] }] },
    });
  });

  it('binds a fixed path to its x-network', () => {
    const model = fixtureModel();
    model.v2.spec.paths['/2/alpha/page/posts'] = {
      'x-network': 'alpha',
      post: { operationId: 'listNetworkPagePosts', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/NetworkSortField' } } } }, responses: {} },
    };
    const op = buildOpenApi(model, 2).paths['/2/alpha/page/posts'];
    expect(op).toEqual({
      post: {
        operationId: 'listAlphaPagePosts',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/AlphaSortField' } } } },
        responses: {},
        security: [{ basicAuth: [] }],
      },
    });
  });

  const errorCases: { name: string; edit(model: Model): void; message: string }[] = [
    {
      name: 'a template ref outside a per-network operation',
      edit: (m) => (m.v2.spec.paths['/2/post/labels'].post.requestBody = { content: { 'application/json': { schema: { $ref: '#/components/schemas/NetworkMetricName' } } } }),
      message: 'spec/v2: /paths//2/post/labels/requestBody/content/application/json/schema: #/components/schemas/NetworkMetricName is used outside a per-network operation (add x-network or a {network} path)',
    },
    {
      name: 'a template component without x-per-network',
      edit: (m) => delete m.v2.spec.components.schemas.NetworkSortField['x-per-network'],
      message: 'spec/v2: /components/schemas/NetworkSortField: template component NetworkSortField needs x-per-network: metrics or posts',
    },
    {
      name: 'an x-catalog directive outside a per-network component',
      edit: (m) => (m.v2.spec.components.schemas.Plain = { 'x-catalog': 'metric-name' }),
      message: 'spec/v2: /components/schemas/Plain: x-catalog: metric-name is used outside a per-network component',
    },
    {
      name: 'an x-network that is not a network of the version',
      edit: (m) => (m.v2.spec.paths['/2/gamma/posts'] = { 'x-network': 'gamma', post: { responses: {} } }),
      message: 'spec/v2: /paths//2/gamma/posts: x-network "gamma" is not a network of version 2',
    },
  ];

  it.each(errorCases)('refuses $name', ({ edit, message }) => {
    const model = fixtureModel();
    edit(model);
    let error: unknown;
    try {
      buildOpenApi(model, 2);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(PipelineError);
    expect((error as Error).message).toBe(message);
  });
});
