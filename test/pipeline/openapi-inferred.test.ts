/**
 * The published documents hold the keywords of inferred rules as `x-inferred-rules`
 * annotations (scripts/generators/openapi/openapi-inferred.ts), and the validator compilers get them
 * back: on a small document by hand, and on the project's own documents.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../scripts/model/load-model.js';
import { buildOpenApi } from '../../scripts/generators/openapi/openapi-bundle.js';
import { INFERRED_RULES, publishedDocument, type InferredKeyword } from '../../scripts/generators/openapi/openapi-inferred.js';
import { cleanSchema } from '../../scripts/generators/validators/validators-schemas.js';
import type { Rule } from '../../src/shared/catalog-types.js';
import { PROJECT_ROOT } from './temp-project.js';

/**
 * The strict form of a published document, for these tests only (the pipeline reads the model's
 * documents, never the annotation): every `x-inferred-rules` annotation turned back into keywords.
 */
function strictDocument<T>(node: T): T {
  if (Array.isArray(node)) return node.map(strictDocument) as T;
  if (!node || typeof node !== 'object') return node;
  const { [INFERRED_RULES]: moved, ...rest } = node as Record<string, unknown>;
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, strictDocument(value)]));
  for (const entry of (moved ?? []) as InferredKeyword[]) out[entry.keyword] = entry.value;
  return out as T;
}

const rule = (id: string, level: Rule['level']): Rule => ({ id, checks: id, level });
const RULES = [
  rule('shared.profiles.fields', 'stated'),
  rule('shared.response.no-extra-members', 'inferred'),
  rule('shared.response.success-flag', 'stated'),
  rule('shared.request.body-object', 'stated'),
  rule('shared.request.unknown-members', 'inferred'),
  rule('shared.request.non-empty', 'inferred'),
  rule('shared.request.string-list', 'stated'),
];

/** One GET answering profiles, one POST whose body reaches a component through `$ref`. */
function smallDocument() {
  const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
  return {
    openapi: '3.1.0',
    paths: {
      '/2/alpha/profiles': { get: { operationId: 'listProfiles', responses: { '200': json({ $ref: '#/components/schemas/ProfilesResponse' }) } } },
      '/2/alpha/metrics': { post: { operationId: 'metrics', requestBody: json({ $ref: '#/components/schemas/Request' }), responses: { '200': json({ $ref: '#/components/schemas/ProfilesResponse' }) } } },
    },
    components: {
      schemas: {
        ProfilesResponse: {
          type: 'object',
          'x-rule': { '*': 'shared.profiles.fields', additionalProperties: 'shared.response.no-extra-members' },
          required: ['success'],
          properties: { success: { const: true, 'x-rule': { const: 'shared.response.success-flag' } }, profiles: { type: 'array', items: { $ref: '#/components/schemas/Profile' } } },
          additionalProperties: false,
        },
        Profile: {
          type: 'object',
          'x-rule': { '*': 'shared.profiles.fields', additionalProperties: 'shared.response.no-extra-members' },
          required: ['id', 'name'],
          properties: { id: { type: 'string' }, name: { type: 'string' } },
          additionalProperties: false,
        },
        Request: {
          type: 'object',
          'x-rule': { type: 'shared.request.body-object', additionalProperties: 'shared.request.unknown-members' },
          properties: { profiles: { type: 'array', minItems: 1, 'x-rule': { type: 'shared.request.string-list', minItems: 'shared.request.non-empty' }, items: { $ref: '#/components/schemas/Id' } } },
          additionalProperties: false,
        },
        Id: { type: 'string', minLength: 1, 'x-rule': { type: 'shared.request.string-list', minLength: 'shared.request.non-empty' } },
      },
    },
  };
}

describe('publishedDocument', () => {
  const published = publishedDocument(smallDocument(), 2, RULES);
  const schemas = published.components.schemas;

  it('moves the keywords of inferred rules into x-inferred-rules and keeps the stated ones', () => {
    expect(schemas.Profile).toEqual({
      type: 'object',
      'x-rule': { '*': 'shared.profiles.fields', additionalProperties: 'shared.response.no-extra-members' },
      // `required` rests on the stated shared.profiles.fields here: it stays a keyword.
      required: ['id', 'name'],
      properties: { id: { type: 'string' }, name: { type: 'string' } },
      [INFERRED_RULES]: [{ rule: 'shared.response.no-extra-members', keyword: 'additionalProperties', value: false }],
    });
    expect(schemas.ProfilesResponse.required).toEqual(['success']);
    expect(schemas.ProfilesResponse[INFERRED_RULES]).toEqual([{ rule: 'shared.response.no-extra-members', keyword: 'additionalProperties', value: false }]);
  });

  it('reads request rules from x-rule, in the node and in the component a $ref reaches', () => {
    expect(schemas.Request).not.toHaveProperty('additionalProperties');
    expect(schemas.Request.type).toBe('object');
    expect(schemas.Request.properties.profiles).not.toHaveProperty('minItems');
    expect(schemas.Request.properties.profiles[INFERRED_RULES]).toEqual([{ rule: 'shared.request.non-empty', keyword: 'minItems', value: 1 }]);
    expect(schemas.Id).toMatchObject({ type: 'string', [INFERRED_RULES]: [{ rule: 'shared.request.non-empty', keyword: 'minLength', value: 1 }] });
    expect(schemas.Id).not.toHaveProperty('minLength');
  });

  it('leaves its input alone, and strictDocument gives the input back', () => {
    expect(smallDocument().components.schemas.Profile).toHaveProperty('required');
    expect(strictDocument(published)).toEqual(smallDocument());
  });

  it('the validator compilers read the model, whose inferred keywords are keywords: cleanSchema keeps them and x-rule', () => {
    expect(cleanSchema(smallDocument().components.schemas.Profile, 'https://x.invalid/')).toEqual({
      type: 'object',
      'x-rule': { '*': 'shared.profiles.fields', additionalProperties: 'shared.response.no-extra-members' },
      required: ['id', 'name'],
      properties: { id: { type: 'string' }, name: { type: 'string' } },
      additionalProperties: false,
    });
  });
});

describe('the project documents', () => {
  const model = loadModel(PROJECT_ROOT);
  const levels = new Map(model.rules.map((r) => [r.id, r.level]));

  it.each([1, 2] as const)('v%i.yaml: only inferred rules are annotations, and nothing else differs from the strict document', (version) => {
    const published = parse(readFileSync(join(PROJECT_ROOT, `generated/openapi/v${version}.yaml`), 'utf8'));
    const annotations: { rule: string; keyword: string }[] = [];
    const visit = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(visit);
      else if (node && typeof node === 'object') {
        const entries = (node as Record<string, unknown>)[INFERRED_RULES];
        if (Array.isArray(entries)) annotations.push(...entries);
        Object.values(node).forEach(visit);
      }
    };
    visit(published);
    expect(annotations.filter((a) => levels.get(a.rule) !== 'inferred')).toEqual([]);
    expect(annotations).toContainEqual(expect.objectContaining({ rule: 'shared.response.no-extra-members', keyword: 'additionalProperties' }));
    expect(annotations).toContainEqual(expect.objectContaining({ rule: 'shared.request.unknown-members', keyword: 'additionalProperties' }));
    expect(strictDocument(published)).toEqual(buildOpenApi(model, version));
  });
});

describe('no published schema, used or not, carries an inferred keyword as a real one', () => {
  const model = loadModel(PROJECT_ROOT);
  const prefixes = model.networks.map((n) => n.name[0].toUpperCase() + n.name.slice(1));
  /** `TwitterPostsResponse` -> `PostsResponse`: components made from one template share the suffix. */
  const family = (name: string) => prefixes.find((p) => name.startsWith(p) && name.length > p.length && /[A-Z]/.test(name[p.length])) ? name.replace(new RegExp(`^(${prefixes.join('|')})`), '') : undefined;
  const VALIDATING = ['type', 'const', 'enum', 'required', 'additionalProperties', 'dependentRequired', 'pattern', 'format', 'minItems', 'maxItems', 'minLength', 'maxLength', 'minimum', 'maximum', 'uniqueItems', 'oneOf', 'anyOf'];

  /** Per place (`/properties/data/properties/remaining minimum`) in a schema: real keyword or inferred annotation. */
  function places(schema: unknown): Map<string, 'real' | 'inferred'> {
    const found = new Map<string, 'real' | 'inferred'>();
    const visit = (node: unknown, pointer: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${pointer}/${i}`));
      if (!node || typeof node !== 'object') return;
      const object = node as Record<string, unknown>;
      for (const keyword of VALIDATING) {
        if (keyword in object && !(keyword === 'additionalProperties' && object[keyword] !== false)) found.set(`${pointer} ${keyword}`, 'real');
      }
      for (const entry of (object[INFERRED_RULES] as { keyword: string }[] | undefined) ?? []) found.set(`${pointer} ${entry.keyword}`, 'inferred');
      for (const [key, value] of Object.entries(object)) if (key !== INFERRED_RULES && key !== 'examples' && key !== 'example') visit(value, `${pointer}/${key}`);
    };
    visit(schema, '');
    return found;
  }

  it.each([1, 2] as const)('v%i.yaml: a keyword annotated as inferred in one network\'s component is annotated in every network\'s, used by a path or not', (version) => {
    const published = parse(readFileSync(join(PROJECT_ROOT, `generated/openapi/v${version}.yaml`), 'utf8'));
    const schemas = published.components.schemas as Record<string, unknown>;
    const byFamily = new Map<string, [string, Map<string, 'real' | 'inferred'>][]>();
    for (const [name, schema] of Object.entries(schemas)) {
      const key = family(name);
      if (!key) continue;
      byFamily.set(key, [...(byFamily.get(key) ?? []), [name, places(schema)]]);
    }
    const conflicts: string[] = [];
    for (const members of byFamily.values()) {
      const inferred = new Set(members.flatMap(([, p]) => [...p].filter(([, kind]) => kind === 'inferred').map(([place]) => place)));
      for (const [name, p] of members) for (const place of inferred) if (p.get(place) === 'real') conflicts.push(`${name}${place}`);
    }
    expect(conflicts).toEqual([]);
    if (version === 2) {
      // The two unused v2 schemas (the twitter posts path is not shown) are among those checked.
      expect(byFamily.get('PostsResponse')!.map(([name]) => name)).toContain('TwitterPostsResponse');
      expect(byFamily.get('PostField')!.map(([name]) => name)).toContain('TwitterPostField');
      expect(places(schemas.TwitterPostsResponse).get('/properties/data dependentRequired')).toBe('inferred');
      expect(places(schemas.TwitterPostField).get(' minLength')).toBe('inferred');
    }
  });
});
