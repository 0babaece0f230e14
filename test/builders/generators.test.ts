/**
 * The emitter of generated/builders/ on a small fixture model, with the expected output written
 * out inline: documented literal unions in catalog order, the generic request types with the
 * limits of the model, the openapi-typescript components the response types refer to, the
 * builder interfaces and objects, and lines of at most 100 characters. The ts-source cases print
 * single ts-morph structures the way a generated file does (ts-morph, then prettier).
 */
import { describe, expect, it } from 'vitest';
import { buildersSource } from '../../scripts/generators/builders/builders.js';
import { builderObjects } from '../../src/builders/builder-objects.js';
import { builderName } from '../../src/shared/builder-names.js';
import { StructureKind } from 'ts-morph';
import {
  constant, docComment, documentedUnion, importDeclaration, interfaceDeclaration, LINE_WIDTH,
  printStatements, typeAlias,
} from '../../scripts/generators/builders/ts-source.js';
import { unionsSource } from '../../scripts/generators/builders/unions.js';
import { PipelineError } from '../../scripts/model/errors.js';
import { emitterModel, OPERATIONS } from './emitter-fixture.js';

const lines = (...l: string[]) => l.join('\n');

describe('ts-source', () => {
  it('keeps a short doc comment on one line and wraps a long one by words at the line width', () => {
    expect(docComment('Comment count.', 2)).toBe('/** Comment count. */');
    const words = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    expect(docComment(words, 0)).toBe(
      lines(
        '/**',
        ' * word0 word1 word2 word3 word4 word5 word6 word7 word8 word9 word10 word11 word12 word13 word14',
        ' * word15 word16 word17 word18 word19 word20 word21 word22 word23 word24 word25 word26 word27 word28',
        ' * word29',
        ' */',
      ),
    );
  });
  it('keeps paragraphs apart and escapes a comment end in the text', () => {
    expect(docComment('First.\n\nSecond, with */ inside.', 0)).toBe(lines('/**', ' * First.', ' *', ' * Second, with *\\/ inside.', ' */'));
  });
  it('writes an empty union as never and sorts imported names', async () => {
    const none = await printStatements([documentedUnion('None', 'Nothing.', [])]);
    expect(none).toBe('/** Nothing. */\nexport type None = never;\n');
    const imports = await printStatements([importDeclaration('./a.js', ['b', 'A', 'a'])]);
    expect(imports).toBe("import type { a, A, b } from './a.js';\n");
  });
  it('builds declarations as ts-morph structures', () => {
    expect(typeAlias('A', 'A.', 'string')).toMatchObject({ kind: StructureKind.TypeAlias, docs: ['A.'] });
    const withMethod = interfaceDeclaration('I', 'I.', [{ name: 'f', parameters: [], returnType: 'void' }]);
    expect(withMethod).toMatchObject({ kind: StructureKind.Interface, properties: [], methods: [{ name: 'f' }] });
    const value = constant('c', 'C.', 'number', '1');
    expect(value).toMatchObject({ kind: StructureKind.VariableStatement, declarations: [{ name: 'c' }] });
  });
  it('prints a doc comment on one line up to the line width and on wrapped lines past it', async () => {
    const fits = 'x'.repeat(LINE_WIDTH - '/**  */'.length);
    expect(await printStatements([typeAlias('A', fits, 'string')])).toBe(`/** ${fits} */\nexport type A = string;\n`);
    const over = await printStatements([typeAlias('A', `${fits}x`, 'string')]);
    expect(over).toBe(`/**\n * ${fits}x\n */\nexport type A = string;\n`);
  });
  it('prints an interface with type parameters (const ones too), heritage, quoted, optional and readonly properties, then methods', async () => {
    const declaration = interfaceDeclaration(
      'Box',
      'A box.',
      [
        {
          name: 'open',
          doc: 'Opens it.',
          typeParameters: [{ name: 'K', constraint: 'keyof T', isConst: true }],
          parameters: [{ name: 'key', type: 'K' }],
          returnType: 'T[K]',
        },
        { name: 'content-type', type: 'string', readonly: true },
        { name: 'size', type: 'number', optional: true, doc: 'Bytes.' },
      ],
      { params: [{ name: 'T', constraint: 'object', default: '{}' }], extends: ['Base', 'Other<T>'] },
    );
    expect(await printStatements([declaration])).toBe(
      lines(
        '/** A box. */',
        'export interface Box<T extends object = {}> extends Base, Other<T> {',
        "  readonly 'content-type': string;",
        '  /** Bytes. */',
        '  size?: number;',
        '  /** Opens it. */',
        '  open<const K extends keyof T>(key: K): T[K];',
        '}',
        '',
      ),
    );
  });
  it('prints a documented union member by member and a constant, with blank lines only where given', async () => {
    const union = documentedUnion('Pet', 'A pet.', [
      { name: 'cat', doc: 'Cat.' },
      { name: "o'possum", doc: `Possum. ${'Marsupial. '.repeat(9)}` },
    ]);
    const pets = constant('pets', 'Pets.', 'Pet[]', "['cat']");
    expect(await printStatements([union, pets])).toBe(
      lines(
        '/** A pet. */',
        'export type Pet =',
        '  /** Cat. */',
        "  | 'cat'",
        '  /**',
        '   * Possum. Marsupial. Marsupial. Marsupial. Marsupial. Marsupial. Marsupial. Marsupial. Marsupial.',
        '   * Marsupial.',
        '   */',
        '  | "o\'possum";',
        '/** Pets. */',
        "export const pets: Pet[] = ['cat'];",
        '',
      ),
    );
  });
});

describe('unions of the fixture', () => {
  it('version 1: the whole file', async () => {
    const source = await unionsSource(emitterModel(), 1);
    expect(source).toContain(
      lines(
        '// generated by scripts/generators/builders/unions.ts; do not edit, run npm run generate',
        '/**',
        ' * Literal unions of the version 1 catalogs, one set per network, with the catalog descriptions as',
        ' * doc comments. Exported from `social-analytics-api/v1`.',
        ' */',
        "import type { FilterFieldCheck, RequiredPick } from './shapes.js';",
        "import type { components } from '../types/v1.js';",
        '',
        "/** The schemas of the version 1 OpenAPI document, by name (`Schemas['Profile']`). */",
        "export type Schemas = components['schemas'];",
        '',
        '/** A network of version 1. */',
        'export type Network =',
        '  /** Alpha: A. */',
        "  'alpha';",
        '',
        '/** An alpha metric name of version 1. */',
        'export type AlphaMetric =',
        '  /** The alpha metric `likes`; the documents give no description. */',
        "  'likes';",
        '',
        '/** An alpha metric that only profiles with insights_enabled give (version 1). */',
        'export type AlphaInsightsMetric = never;',
        '',
        '/** The value type of each alpha metric in a version 1 day record. */',
        "export type AlphaMetricValues = RequiredPick<Schemas['AlphaDayRecord'], AlphaMetric>;",
        '',
        '/** Metric name union per network. */',
        'export interface MetricMap {',
        '  alpha: AlphaMetric;',
        '}',
      ),
    );
    expect(source).toContain(
      lines(
        '/** The value type of each metric of network N in a version 1 day record. */',
        'export type MetricValues<N extends Network = Network> = MetricValuesMap[N];',
        '',
      ),
    );
    expect(source.endsWith('= MetricValuesMap[N];\n')).toBe(true);
  });

  it('version 2: metric names with their descriptions, in catalog order, and the extra dimension tables', async () => {
    const source = await unionsSource(emitterModel(), 2);
    expect(source).toContain(
      lines(
        '/** An alpha metric name of version 2. */',
        'export type AlphaMetric =',
        '  /** Aggregation: sum. Extra dimensions: country. */',
        "  | 'fans'",
        '  /** Aggregation: avg. Only for profiles with insights_enabled. */',
        "  | 'insights_reach';",
        '',
        '/** An alpha metric that only profiles with insights_enabled give (version 2). */',
        'export type AlphaInsightsMetric =',
        '  /** Aggregation: avg. Only for profiles with insights_enabled. */',
        "  'insights_reach';",
        '',
        '/** An extra dimension that at least one alpha metric allows. */',
        'export type AlphaExtraDimension =',
        '  /** Country. */',
        "  'country';",
        '',
        '/** The extra dimensions each alpha metric allows (never: none). */',
        'export interface AlphaMetricExtraDimensions {',
        '  /** Aggregation: sum. Extra dimensions: country. */',
        "  fans: 'country';",
        '  /** Aggregation: avg. Only for profiles with insights_enabled. */',
        '  insights_reach: never;',
        '}',
        '',
        '/** The alpha extra dimensions each metric does NOT allow. */',
        'export interface AlphaMetricRefusedExtraDimensions {',
        '  fans: never;',
        "  insights_reach: 'country';",
        '}',
      ),
    );
    expect(source).toContain(
      lines(
        '/** An extra dimension that at least one beta metric allows. */',
        'export type BetaExtraDimension = never;',
      ),
    );
  });

  it('version 2: posts refer to the openapi-typescript component; field, sort and filter names', async () => {
    const source = await unionsSource(emitterModel(), 2);
    expect(source).toContain(
      lines(
        '/**',
        ' * An alpha post with every field of the version 2 catalog; responses hold only the requested ones.',
        ' */',
        "export type AlphaPost = RequiredPick<Schemas['AlphaPost'], AlphaPostField>;",
        '',
        '/** Members an alpha post may carry besides the requested fields. */',
        "export type AlphaPostResponseMembers = Pick<Schemas['AlphaPost'], 'profile_id'>;",
      ),
    );
    expect(source).toContain(
      lines(
        '/** A sortable alpha post field, or `<object field>.<key>`. */',
        'export type AlphaSortableField =',
        '  /** Creation time. */',
        "  | 'created_time'",
        '  /**',
        '   * Key `like` of `reactions_by_type`. The post field `reactions_by_type`; the documents give no',
        '   * description.',
        '   */',
        "  | 'reactions_by_type.like'",
      ),
    );
    expect(source).toContain(
      lines(
        'export type AlphaPostsFilter =',
        "  | { readonly field: 'post_labels'; readonly value: string | readonly string[] }",
        "  | { readonly field: 'type'; readonly value: string | readonly string[] }",
        '  | {',
        '      readonly match_any: readonly {',
        "        readonly field: 'post_labels';",
        '        readonly value: readonly string[];',
        '      }[];',
        '    }',
        '  | FilterFieldCheck<AlphaFilterableField>;',
      ),
    );
    expect(source).toContain(
      lines(
        'export type ExtraDimension<N extends Network = Network, M extends Metric<N> = never> = Exclude<',
        '  ExtraDimensionMap[N],',
        '  MetricRefusedExtraDimensionsMap[N][M & keyof MetricRefusedExtraDimensionsMap[N]]',
        '>;',
      ),
    );
  });

  it('refuses a model whose spec lacks a component the types refer to, naming it', async () => {
    const model = emitterModel();
    delete model.v2.spec.components.schemas.NetworkPost;
    await expect(unionsSource(model, 2)).rejects.toThrow(
      new PipelineError('component AlphaPost is missing from the generated spec (the builders refer to it)', 'spec/v2'),
    );
  });
});

describe('builders of the fixture', () => {
  it('one generic metrics request whose doc comments carry the limits of the model', async () => {
    const source = await buildersSource(emitterModel(), 2, OPERATIONS);
    expect(source).toContain(
      lines(
        '/** Body of POST /2/{network}/metrics: metrics M of network N, split by the dimensions D. */',
        'export interface MetricsRequest<',
        '  N extends Network = Network,',
        '  M extends Metric<N> = Metric<N>,',
        '  D extends readonly DimensionItem[] = DimensionList<Dimension, ExtraDimension<N, M>>,',
        '> {',
        '  /** First day, YYYY-MM-DD. */',
        '  date_start: DayString;',
        '  /**',
        '   * Last day, YYYY-MM-DD; the last day is included. At most date_start plus 2 calendar months (code',
        '   * 4); within maxDateEnd(date_start), 2 calendar months counting both ends, under the narrower',
        '   * reading (inferred).',
        '   */',
        '  date_end: DayString;',
        '  /** Profile ids from the profile list of the same network; at most 5. */',
        '  profiles: readonly string[];',
        '  /** Metric names of network N; at most 7. */',
        '  metrics: readonly M[];',
      ),
    );
    expect(source).toContain('  /** Page size, 1 to 200; default 20. */\n  limit?: number;');
    expect(source).toContain('  sort?: [SortableField<N>] extends [never] ? never : readonly SortElement<SortableField<N>>[];');
  });

  it('reference responses and posts responses are the openapi-typescript components', async () => {
    const source = await buildersSource(emitterModel(), 2, OPERATIONS);
    expect(source).toContain(
      lines(
        '/** A connected profile. */',
        "export type Profile = Schemas['Profile'];",
        '',
        '/** The ProfilesResponse component of the version 2 spec. */',
        "export type ProfilesResponse = Schemas['ProfilesResponse'];",
      ),
    );
    // The posts builder's body spells the network's own tables: no lookup through N per call.
    expect(source).toContain(
      lines(
        "/** Body of an alpha posts request for the fields F (version 2): `PostsRequest<'alpha', F>`. */",
        'export interface AlphaPostsRequest<F extends AlphaPostField = AlphaPostField> {',
      ),
    );
    expect(source).toContain(
      lines(
        '  sort?: readonly SortElement<AlphaSortableField>[];',
        '  /** Filter elements. */',
        '  filter?: readonly AlphaPostsFilter[];',
      ),
    );
    expect(source).not.toContain('export interface BetaPostsRequest');
    expect(source).toContain(
      lines(
        '/** An alpha post holding the fields F: each requested field. */',
        'export type AlphaPostOf<F extends AlphaPostField = AlphaPostField> = {',
        "  [K in F]-?: Schemas['AlphaPost'][K];",
        '};',
        '',
        '/** Success body of an alpha posts request for fields F: `AlphaPostOf<F>` posts and the cursor. */',
        'export type AlphaPostsResponse<F extends AlphaPostField = AlphaPostField> = PostsPage<',
        '  AlphaPostOf<F> & AlphaPostResponseMembers',
        '>;',
      ),
    );
  });

  it('per network a builder interface with one method per operation, the metrics builder of the same shape whether or not a metric allows an extra dimension, types only', async () => {
    const source = await buildersSource(emitterModel(), 2, OPERATIONS);
    expect(source).toContain(
      lines(
        'export interface AlphaBuilders {',
        '  /** GET /2/alpha/profiles: the connected alpha profiles. No body. */',
        "  profiles(): ApiRequest<undefined, ProfilesResponse, 'GET /2/alpha/profiles'>;",
        '  /**',
        '   * POST /2/alpha/metrics: the requested metrics split by the requested dimensions. The response',
        '   * header names the requested dimensions in request order, then the requested metrics.',
        '   */',
        '  metrics<',
        '    M extends AlphaMetric,',
        '    const D extends DimensionList<Dimension, AllowedByEvery<AlphaMetricExtraDimensions, M>> =',
        '      readonly [],',
        '  >(',
        "    body: MetricsRequest<'alpha', M, D>,",
        "  ): MetricsCall<'alpha', M, DimensionNames<D>>;",
        '  /**',
        '   * POST /2/alpha/page/posts: one page of posts, each holding the requested fields and no other.',
        '   */',
        '  posts<F extends AlphaPostField>(body: AlphaPostsRequest<F>): AlphaPostsCall<F>;',
        '}',
      ),
    );
    expect(source).toContain(
      lines(
        'export interface BetaBuilders {',
        '  /**',
        '   * POST /2/beta/metrics: the requested metrics split by the requested dimensions. The response',
        '   * header names the requested dimensions in request order, then the requested metrics.',
        '   */',
        '  metrics<',
        '    M extends BetaMetric,',
        '    const D extends DimensionList<Dimension, AllowedByEvery<BetaMetricExtraDimensions, M>> =',
        '      readonly [],',
        '  >(',
        "    body: MetricsRequest<'beta', M, D>,",
        "  ): MetricsCall<'beta', M, DimensionNames<D>>;",
        '}',
      ),
    );
    // The requests builders return are interfaces, shown by name where a call hovers.
    expect(source).toContain(
      lines(
        'export interface MetricsCall<',
        '  N extends Network,',
        '  M extends Metric<N>,',
        '  T extends readonly string[],',
        '> extends ApiRequest<',
        '  MetricsRequest<N, M, DimensionItems<T>>,',
        '  MetricsResponse<M, T>,',
        '  `POST /2/${N}/metrics`',
        '> {}',
      ),
    );
    expect(source).toContain(
      lines(
        'export interface AlphaPostsCall<F extends AlphaPostField> extends ApiRequest<',
        '  AlphaPostsRequest<F>,',
        '  AlphaPostsResponse<F>,',
        "  'POST /2/alpha/page/posts'",
        '> {}',
      ),
    );
    expect(source).toContain(
      lines(
        '  BetaMetric,',
        '  BetaMetricExtraDimensions,',
      ),
    );
    expect(source).not.toContain('BaseDimensionList');
    expect(source).toContain(
      lines(
        '/** Every request builder of version 2. */',
        'export interface V2Builders {',
        '  /** The alpha operations. */',
        '  alpha: AlphaBuilders;',
        '  /** The beta operations. */',
        '  beta: BetaBuilders;',
        '}',
        '',
      ),
    );
    // Types and data only: nothing from src/, no runtime code.
    expect(source).not.toContain('../src/');
    expect(source).not.toContain('=>');
  });

  it('names each builder as the runtime does: by its kind (builderObjects makes them from the operation list)', async () => {
    const source = await buildersSource(emitterModel(), 2, OPERATIONS);
    for (const name of ['profiles', 'metrics', 'posts']) expect(source).toMatch(new RegExp(`\\n  ${name}[<(]`));
    const made = builderObjects(OPERATIONS.filter((op) => op.version === 2), (operation) => ({ ...operation, body: undefined, operation: `${operation.method} ${operation.path}` }) as any);
    expect(Object.fromEntries(Object.entries(made).map(([name, entry]) => [name, typeof entry === 'function' ? 'builder' : Object.keys(entry)]))).toEqual(
      Object.fromEntries([...new Set(OPERATIONS.filter((op) => op.version === 2).map((op) => op.network ?? builderName(op.kind)))].map((name) => [
        name,
        OPERATIONS.some((op) => op.version === 2 && op.network === name) ? OPERATIONS.filter((op) => op.version === 2 && op.network === name).map((op) => builderName(op.kind)) : 'builder',
      ])),
    );
    expect(builderName('post-labels')).toBe('postLabels');
    expect(builderName('profile-labels')).toBe('profileLabels');
  });

  it('writes no line longer than 100 characters, even for long catalog descriptions, and is deterministic', async () => {
    const model = emitterModel();
    model.v2.metrics.alpha[0].description = `${'A very long catalog description of the fans metric. '.repeat(6)}End.`;
    const sources = [await unionsSource(model, 2), await buildersSource(model, 2, OPERATIONS), await unionsSource(model, 1)];
    for (const source of sources) expect(source.split('\n').filter((l) => l.length > LINE_WIDTH)).toEqual([]);
    expect(sources[0]).toContain('   * A very long catalog description of the fans metric. A very long catalog description of the');
    expect([await unionsSource(model, 2), await buildersSource(model, 2, OPERATIONS), await unionsSource(model, 1)]).toEqual(sources);
  });
});
