/**
 * The member-driven checks of wide objects (scripts/generators/validators-members.ts) decide as
 * ajv's own `properties` + `additionalProperties` do: the same schemas compiled both ways at run
 * time give the same validity and the same errors (instance path, schema path, keyword, params)
 * on valid bodies and on bodies with unknown members, wrong member types and odd member names.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../scripts/generators/validators.js';
import { MEMBERS_KEYWORD, withMemberChecks } from '../../scripts/generators/validators-members.js';
import { schemaRuleTable } from '../../scripts/generators/validators-rules.js';
import { versionSchemas } from '../../scripts/generators/validators-schemas.js';
import { loadModel } from '../../scripts/model/load-model.js';
import { operationExamples, ROOT, successExample } from './spec-examples.js';

const model = loadModel(ROOT);

/** Validators of one version's components, compiled plainly and with member checks. */
function compilers(version: number) {
  const input = versionSchemas(parse(readFileSync(join(ROOT, 'generated/openapi', `v${version}.yaml`), 'utf8')), version);
  const rules = schemaRuleTable(input, model.networks.map((n) => n.name), new Set(model.rules.map((r) => r.id)));
  const plain = createAjv(false);
  const members = createAjv(false);
  for (const [name, schema] of input.components) {
    plain.addSchema(schema);
    members.addSchema(withMemberChecks(schema, name, rules) as Record<string, unknown>);
  }
  return { base: input.base, plain, members };
}

type Error = { instancePath: string; schemaPath: string; keyword: string; params: unknown };
const errorsOf = (errors: Error[] | null | undefined) =>
  (errors ?? []).map((e) => JSON.stringify([e.instancePath, e.schemaPath, e.keyword, e.params])).sort();

/** `component`'s validators agree on `bodies`; `wide` (a component it references) is member-checked. */
function agree(version: number, component: string, wide: string, bodies: unknown[]): void {
  const { base, plain, members } = compilers(version);
  const a = plain.getSchema(`${base}${component}`)!;
  const b = members.getSchema(`${base}${component}`)!;
  expect(Object.keys(members.getSchema(`${base}${wide}`)!.schema as object)).toContain(MEMBERS_KEYWORD);
  let invalid = 0;
  for (const body of bodies) {
    const valid = a(body);
    if (!valid) invalid++;
    expect(b(body), JSON.stringify(body).slice(0, 200)).toBe(valid);
    expect(errorsOf(b.errors as Error[]), JSON.stringify(body).slice(0, 200)).toEqual(errorsOf(a.errors as Error[]));
  }
  // Most variants are invalid: the comparison covers errors, not only valid bodies.
  expect(invalid).toBeGreaterThanOrEqual(bodies.length - 2);
}

const example = (version: number, operation: string) => {
  const ops = operationExamples(version).find((o) => o.operation === operation)!;
  return structuredClone(successExample(ops).body);
};

describe('member checks of wide objects', () => {
  it('decide a v1 day record as properties + additionalProperties do', () => {
    const body = example(1, 'POST /1/facebook/metrics');
    const record = body.profiles[0].data[0];
    const variants = [
      {},
      { followers_change: 1 },
      { comments: 1.5 },
      { comments: '3', engagement_rate: 'x', comments_by_type: 5 },
      { comments_by_type: { a: 1 }, engagement_rate: 0.5 },
      { comments_by_type: { a: 'x', 'b/c': [1] }, reactions_by_type: 3 },
      { 'a/b~c': 1, date: 5 },
      { date: '2026-01-01' },
    ];
    const bodies = variants.map((extra) => {
      const copy = structuredClone(body);
      Object.assign(copy.profiles[0].data[0], extra);
      return copy;
    });
    const withoutDate = structuredClone(body);
    delete withoutDate.profiles[0].data[0].date;
    expect(Object.keys(record).length).toBeGreaterThan(1);
    agree(1, 'FacebookMetricsResponse', 'FacebookDayRecord', [...bodies, withoutDate]);
  });

  it('decide integer members (checked first by Number.isInteger) as ajv does', () => {
    const body = example(1, 'POST /1/facebook/metrics');
    const withComments = (values: unknown[]) =>
      values.map((comments) => {
        const copy = structuredClone(body);
        copy.profiles[0].data[0].comments = comments;
        copy.profiles[0].data.at(-1).fans_change = comments;
        return copy;
      });
    agree(1, 'FacebookMetricsResponse', 'FacebookDayRecord', withComments([1.5, 2.000001, NaN, Infinity, -Infinity, '1', null, true, [], {}, 2 ** 53 + 0.5, -1e-300]));
    // Valid ones: the integers at the edges of the quick check.
    agree(1, 'FacebookMetricsResponse', 'FacebookDayRecord', withComments([-0, 2 ** 53]));
    agree(1, 'FacebookMetricsResponse', 'FacebookDayRecord', withComments([1e300, -3]));
  });

  it('decide a post as properties + additionalProperties do', () => {
    const body = example(2, 'POST /2/facebook/page/posts');
    const variants = [
      {},
      { likes: 3 },
      { comments: '2', shares: 1.5, is_published: 'yes' },
      { created_time: '2026-01-20 10:00:00', post_labels: [{ id: 1 }] },
      { reactions_by_type: { like: 'x', other: 1 }, attachments: 'none' },
      { 'x~y/z': null },
    ];
    agree(
      2,
      'FacebookPostsResponse',
      'FacebookPost',
      variants.map((extra) => {
        const copy = structuredClone(body);
        Object.assign(copy.data.posts[0], extra);
        return copy;
      }),
    );
  });

  it('decide objects of every engine layout alike: parsed with members that change kind, built member by member, inherited members', () => {
    const body = example(1, 'POST /1/facebook/metrics');
    const records = body.profiles[0].data as Record<string, unknown>[];
    // JSON.parse replaces a record layout when a later record's member turns from an integer
    // into a fraction: the earlier records keep the replaced layout until read by name.
    const kinds = records.map((r, i) => ({ ...r, engagement_rate: i ? 0.5 + i : 2, comments: i % 2 ? 1.5 : 3 }));
    const parsed = JSON.parse(JSON.stringify({ ...body, profiles: [{ ...body.profiles[0], data: kinds }] }));
    // Built member by member with keyed stores: past a few members the engine keeps such an
    // object as a dictionary, where `for...in` has no cache.
    const built = structuredClone(body);
    built.profiles[0].data = records.map((r) => {
      const o: Record<string, unknown> = {};
      for (const key of [...Object.keys(r), 'followers_change', ...Array.from({ length: 20 }, (_, i) => `x_${i}`)]) o[key] = r[key] ?? 1;
      return o;
    });
    // An enumerable inherited member is enumerated by ajv's additionalProperties loop too.
    const inherited = structuredClone(body);
    inherited.profiles[0].data[0] = Object.assign(Object.create({ inherited_member: 1 }), records[0]);
    agree(1, 'FacebookMetricsResponse', 'FacebookDayRecord', [parsed, built, inherited, parsed]);
  });
});
