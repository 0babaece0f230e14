/**
 * The generated documents hold exactly the operations issue 2 lists, each self-contained,
 * secured, answering "success or failure" on 200 and a failure body on the error statuses,
 * and each with examples.
 */
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../scripts/model/load-model.js';
import { PROJECT_ROOT } from '../pipeline/temp-project.js';
import { allExamples, allRefs, deref, generatedDoc, operations, refName, resolveRef } from './generated-docs.js';

const model = loadModel(PROJECT_ROOT);
/** The networks of a version, in catalogs/networks.yaml's order. */
const networksOf = (version: 1 | 2) => model.networks.filter((n) => n.versions.includes(version)).map((n) => n.name);
const V2_NETWORKS = networksOf(2);
const V1_NETWORKS = networksOf(1);
/** The posts operations of a version: a network with `postsOf` (catalogs/networks.yaml) and a post-fields catalog of the version. */
const postsOperations = (version: 1 | 2) =>
  model.networks.filter((n) => n.postsOf !== undefined && model[`v${version}`].posts[n.name]).map((n) => `POST /${version}/${n.name}/${n.postsOf}/posts`);

/** The operations of issue 2, written out. */
const EXPECTED: Record<1 | 2, string[]> = {
  2: [
    ...V2_NETWORKS.map((n) => `GET /2/${n}/profiles`),
    'POST /2/post/labels',
    'POST /2/profile/labels',
    ...V2_NETWORKS.map((n) => `POST /2/${n}/metrics`),
    ...postsOperations(2),
  ],
  1: [...V1_NETWORKS.map((n) => `GET /1/${n}/profiles`), 'POST /1/post/labels', ...V1_NETWORKS.map((n) => `POST /1/${n}/metrics`), ...postsOperations(1)],
};
const FAILURE_STATUSES = ['400', '401', '403', '404', '405', '500'];
const FAILURE_REF = '#/components/schemas/FailureBody';

describe.each([1, 2] as const)('generated/openapi/v%s.yaml', (version) => {
  const doc = generatedDoc(version);
  const ops = operations(doc);

  it('holds exactly the operations of the issue, and no other', () => {
    expect(EXPECTED[version]).toContain(`POST /${version}/facebook/page/posts`);
    if (version === 2) expect(EXPECTED[2]).toContain('POST /2/instagram/profile/posts');
    expect(ops.map((o) => o.key).sort()).toEqual([...EXPECTED[version]].sort());
  });

  it('is OpenAPI 3.1 with only internal #/components/ refs, each resolving', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const refs = allRefs(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const { pointer, ref } of refs) {
      expect(typeof ref === 'string' && ref.startsWith('#/components/'), `${pointer}: ${String(ref)}`).toBe(true);
      expect(resolveRef(doc, ref as string), `${pointer}: ${String(ref)} does not resolve`).toBeDefined();
    }
  });

  it('has no template leftovers (Network* names, x-catalog, x-per-network, x-network, {network})', () => {
    for (const kind of Object.keys(doc.components)) for (const name of Object.keys(doc.components[kind])) expect(name).not.toMatch(/^Network[A-Z]/);
    const text = JSON.stringify(doc);
    for (const leftover of ['"x-catalog"', '"x-per-network"', '"x-network"', '{network}']) expect(text).not.toContain(leftover);
  });

  it('the failure envelope: success false, errors[] of {code, errors[]}', () => {
    const failure = resolveRef(doc, FAILURE_REF);
    expect(failure.required).toEqual(expect.arrayContaining(['success', 'errors']));
    expect(failure.properties.errors.type).toBe('array');
    const error = deref(doc, failure.properties.errors.items);
    expect(error.required).toEqual(expect.arrayContaining(['code', 'errors']));
    expect(error.properties.code.type).toBe('integer');
    expect(error.properties.errors).toMatchObject({ type: 'array', items: { type: 'string' } });
  });

  it('declares HTTP basic auth and requires it on every operation', () => {
    expect(doc.components.securitySchemes.basicAuth).toMatchObject({ type: 'http', scheme: 'basic' });
    for (const { key, op } of ops) expect(op.security ?? doc.security, key).toEqual([{ basicAuth: [] }]);
  });

  it.each(EXPECTED[version])('%s: 200 is oneOf success / FailureBody, told apart by `success`', (key) => {
    const { op } = ops.find((o) => o.key === key)!;
    const schema = op.responses['200'].content['application/json'].schema;
    expect(schema.oneOf).toHaveLength(2);
    expect(schema.oneOf[1]).toEqual({ $ref: FAILURE_REF });
    const success = deref(doc, schema.oneOf[0]);
    expect(refName(schema.oneOf[0]), key).toMatch(/Response$/);
    expect(success.required).toContain('success');
    expect(keywordsOf(success.properties.success)).toEqual({ type: 'boolean', const: true });
    expect(success.properties.success['x-rule']).toEqual({ const: 'shared.response.success-flag' });
    expect(keywordsOf(resolveRef(doc, FAILURE_REF).properties.success)).toEqual({ type: 'boolean', const: false });
  });

  it.each(EXPECTED[version])('%s: 400/401/403/404/405/500 are failure bodies with their own code in the example', (key) => {
    const { op } = ops.find((o) => o.key === key)!;
    for (const status of FAILURE_STATUSES) {
      const response = deref(doc, op.responses[status]);
      expect(response, `${key} ${status}`).toBeDefined();
      const media = response.content['application/json'];
      expect(media.schema).toEqual({ $ref: FAILURE_REF });
      const examples = Object.values(media.examples ?? {}) as { value: any }[];
      expect(examples.length, `${key} ${status}`).toBeGreaterThan(0);
      for (const example of examples) expect(example.value.errors[0].code).toBe(Number(status));
    }
  });

  it.each(EXPECTED[version])('%s: at least one response example, and a request example when it takes a body', (key) => {
    const examples = allExamples(doc);
    expect(examples.filter((e) => e.label.startsWith(`${key} response 200 `)).length, key).toBeGreaterThan(0);
    const { op } = ops.find((o) => o.key === key)!;
    if (op.requestBody) expect(examples.filter((e) => e.label.startsWith(`${key} request `)).length, key).toBeGreaterThan(0);
  });

  it.each(EXPECTED[version])('%s: 200 shows both a success and a failure example', (key) => {
    const values = allExamples(doc)
      .filter((e) => e.label.startsWith(`${key} response 200 `))
      .map((e) => e.value as { success: boolean; errors?: { code: number }[] });
    expect(values.some((v) => v.success === true), key).toBe(true);
    const failures = values.filter((v) => v.success === false);
    expect(failures.length, key).toBeGreaterThan(0);
    for (const f of failures) expect(f.errors![0].code, key).toBeLessThan(100);
  });
});

describe('twitter posts', () => {
  it('v2 keeps the twitter posts request, post and page as components', () => {
    const schemas = generatedDoc(2).components.schemas;
    for (const name of ['TwitterPostsRequest', 'TwitterPost', 'TwitterPostsResponse']) expect(schemas[name], name).toBeDefined();
    expect(refName(schemas.TwitterPostsResponse.properties.data.properties.posts.items)).toBe('TwitterPost');
  });

  it.each([1, 2] as const)('v%s has no twitter posts path (the documents do not show it)', (version) => {
    const paths = Object.keys(generatedDoc(version).paths);
    expect(paths.filter((p) => p.includes('/twitter/') && p.includes('posts'))).toEqual([]);
  });
});

/** A schema's keywords without its `x-` annotations (the `x-rule` that names each keyword's rule). */
function keywordsOf(schema: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !key.startsWith('x-')));
}
