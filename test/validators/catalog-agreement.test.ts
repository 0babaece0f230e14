/**
 * The schema types of posts and v1 day records are the catalog types. The request-aware checks
 * rely on it: they skip their per-field catalog type checks when a body passed its schema.
 */
import { describe, expect, it } from 'vitest';
import { catalogs } from '../../src/catalog/catalogs.js';
import type { CatalogData, MetricType, PostFieldType } from '../../src/shared/catalog-types.js';
import { loadDoc } from './spec-examples.js';

const data: CatalogData = catalogs;
const UTC_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(\\+00:00|Z)$';
const title = (network: string) => network[0].toUpperCase() + network.slice(1);

function expectType(schema: any, type: PostFieldType | MetricType, where: string) {
  expect(schema, where).toBeDefined();
  if (type === 'datetime') {
    expect(schema, where).toMatchObject({ type: 'string', format: 'date-time', pattern: UTC_PATTERN });
  } else {
    expect(schema.type, where).toBe(type);
  }
}

describe('schema types are catalog types', () => {
  for (const version of [1, 2] as const) {
    const doc = loadDoc(version);
    const catalog = version === 1 ? data.v1 : data.v2;

    it(`v${version} post schemas`, () => {
      let checked = 0;
      for (const [network, posts] of Object.entries(catalog.posts)) {
        const schema = doc.components.schemas[`${title(network)}Post`];
        if (!schema) continue;
        for (const field of posts.fields) (expectType(schema.properties[field.name], field.type, `${network}.${field.name}`), checked++);
        for (const member of posts.responseMembers) (expectType(schema.properties[member.name], member.type, `${network}.${member.name}`), checked++);
        expect(Object.keys(schema.properties).length, network).toBe(posts.fields.length + posts.responseMembers.length);
      }
      expect(checked).toBeGreaterThan(20);
    });

    if (version === 1) {
      it('v1 day record schemas', () => {
        for (const [network, metrics] of Object.entries(catalog.metrics)) {
          const schema = doc.components.schemas[`${title(network)}DayRecord`];
          for (const metric of metrics) {
            // A metric that may return no data is its catalog type or null.
            if (metric.mayReturnNoData) expect(schema.properties[metric.name].type, `${network}.${metric.name}`).toEqual([metric.type, 'null']);
            else expectType(schema.properties[metric.name], metric.type, `${network}.${metric.name}`);
          }
          expect(Object.keys(schema.properties).length, network).toBe(metrics.length + 1);
        }
      });
    }
  }
});
