/**
 * The request and reference-response declarations of generated/builders/v{version}.ts: one
 * generic metrics request `MetricsRequest<N, M, D>` and one generic posts request
 * `PostsRequest<N, F>` per version (the limits in their doc comments come from
 * catalogs/limits.yaml), the posts request `<P>PostsRequest<F>` of each network with a posts
 * operation, the narrowed posts response of each network with a post catalog, and the success
 * bodies of the reference lists as aliases of the openapi-typescript components.
 */
import type { Model, OpenApiDocument, Version, VersionModel } from '../../model/types.js';
import { pascal } from '../../model/types.js';
import { article, postNetworks, schemaRef } from './unions.js';
import { interfaceDeclaration, typeAlias, type Declaration, type Member, type TypeParameter } from './ts-source.js';

/** The component name of a `#/components/schemas/Name` reference. */
function refName(ref: string): string {
  return ref.replace('#/components/schemas/', '');
}

/** Component names `schema` refers to, directly or through other components, dependencies first. */
export function referencedComponents(schema: unknown, spec: OpenApiDocument, found: string[] = []): string[] {
  if (Array.isArray(schema)) schema.forEach((s) => referencedComponents(s, spec, found));
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = refName(value);
        if (!found.includes(name)) {
          referencedComponents(spec.components?.schemas?.[name], spec, found);
          if (!found.includes(name)) found.push(name);
        }
      } else referencedComponents(value, spec, found);
    }
  }
  return found;
}

/**
 * `export type Profile = Schemas['Profile'];` ...: the success bodies `roots` of the operations
 * whose response is not narrowed (profiles, labels) and the components they use.
 */
export function referenceResponses(model: Model, vm: VersionModel, roots: readonly string[]): Declaration[] {
  const names = referencedComponents(roots.map((name) => ({ $ref: `#/components/schemas/${name}` })), vm.spec);
  return names.map((name) => {
    const description = vm.spec.components.schemas[name]?.description;
    const doc = description ? String(description) : `The ${name} component of the version ${vm.version} spec.`;
    return typeAlias(name, doc, schemaRef(model, vm.version, name));
  });
}

const DATE_START = 'First day, YYYY-MM-DD.';
const DATE_END = 'Last day, YYYY-MM-DD; the last day is included.';

/** `MetricsRequest<N, M, D>` (v2; v1 without D): the metrics body of any network. */
export function metricsRequest(model: Model, version: Version): Declaration {
  const { profilesPerMetricsRequest: profiles, metricsPerMetricsRequest: metrics, dateRangeMonths: months } = model.limits;
  const params: TypeParameter[] = [
    { name: 'N', constraint: 'Network', default: 'Network' },
    { name: 'M', constraint: 'Metric<N>', default: 'Metric<N>' },
  ];
  const members: Member[] = [
    { name: 'date_start', type: 'DayString', doc: DATE_START },
    { name: 'date_end', type: 'DayString', doc: `${DATE_END} At most date_start plus ${months.value} calendar months (code 4); within maxDateEnd(date_start), ${months.value} calendar months counting both ends, under the narrower reading (inferred).` },
    { name: 'profiles', type: 'readonly string[]', doc: `Profile ids from the profile list of the same network; at most ${profiles.value}.` },
    { name: 'metrics', type: 'readonly M[]', doc: `Metric names of network N; at most ${metrics.value}.` },
  ];
  if (version === 2) {
    // The builder methods constrain D to the dimensions their metrics allow; here any list is accepted.
    params.push({ name: 'D', constraint: 'readonly DimensionItem[]', default: 'DimensionList<Dimension, ExtraDimension<N, M>>' });
    members.push({
      name: 'dimensions',
      type: 'D',
      optional: true,
      doc: 'Base dimensions in any order, then at most one extra dimension, which every requested metric must allow.',
    });
  }
  const doc =
    `Body of POST /${version}/{network}/metrics: metrics M of network N` +
    `${version === 2 ? ', split by the dimensions D' : ', one value per profile and day'}.`;
  return interfaceDeclaration('MetricsRequest', doc, members, { params });
}

/**
 * The members of a posts body whose fields are `F`, sorted by `sort` elements of `sortType` and
 * filtered by `filter` elements of `filterType`.
 */
function postsMembers(model: Model, sortType: string, filterType: string): Member[] {
  const { pageSize } = model.limits;
  return [
    { name: 'profiles', type: 'readonly string[]', doc: 'Profile ids from the profile list.' },
    { name: 'date_start', type: 'DayString', doc: `${DATE_START} Interpreted in each profile's timezone.` },
    { name: 'date_end', type: 'DayString', doc: DATE_END },
    { name: 'fields', type: 'readonly F[]', doc: 'Post fields to return; the response posts hold exactly these.' },
    { name: 'limit', type: 'number', optional: true, doc: `Page size, 1 to ${pageSize.max}; default ${pageSize.default}.` },
    {
      name: 'after',
      type: 'string',
      optional: true,
      doc: 'Cursor: the `next` value of the previous page (resend every other parameter unchanged).',
    },
    {
      name: 'sort',
      type: sortType,
      optional: true,
      doc: 'Sort order; the documents show `desc`. Not offered where no field is sortable (never).',
    },
    { name: 'filter', type: `readonly ${filterType}[]`, optional: true, doc: 'Filter elements.' },
  ];
}

/** `PostsRequest<N, F>`: the posts body of any network with a post catalog; `sort` is never where not offered. */
export function postsRequest(model: Model, version: Version): Declaration {
  const members = postsMembers(model, '[SortableField<N>] extends [never] ? never : readonly SortElement<SortableField<N>>[]', 'PostsFilter<N>');
  return interfaceDeclaration('PostsRequest', `Body of a posts request of network N for the fields F (version ${version}).`, members, {
    params: [
      { name: 'N', constraint: 'PostNetwork', default: 'PostNetwork' },
      { name: 'F', constraint: 'PostField<N>', default: 'PostField<N>' },
    ],
  });
}

/**
 * `<P>PostsRequest<F>` per network of `networks` (those with a posts operation): `PostsRequest<N,
 * F>` of that network spelled with its own tables, the body type of its posts builder. The generic
 * interface's `sort` and `filter` are looked up through N for every set of fields F a builder
 * call infers; here they are fixed types, the same for every call.
 */
export function networkPostsRequests(model: Model, vm: VersionModel, networks: readonly string[]): Declaration[] {
  return networks.map((network) => {
    const P = pascal(network);
    const sort = vm.posts[network].sort ? `readonly SortElement<${P}SortableField>[]` : 'never';
    return interfaceDeclaration(
      `${P}PostsRequest`,
      `Body of ${article(network).toLowerCase()} ${network} posts request for the fields F (version ${vm.version}): \`PostsRequest<'${network}', F>\`.`,
      postsMembers(model, sort, `${P}PostsFilter`),
      { params: [{ name: 'F', constraint: `${P}PostField`, default: `${P}PostField` }] },
    );
  });
}

/**
 * Per network with a post catalog, `<P>PostOf<F>`: a post narrowed to the fields F, each requested
 * field present except the fields of videos only (catalog `videoOnly`), optional; and
 * `<P>PostsResponse<F>`, the page of such posts. The post is written in its own alias, an
 * intersection of two mapped types (one mapped type where no field is of videos only): TypeScript
 * shows it by that name with its argument (`FacebookPostOf<"id" | "message">`), where a generic
 * shape's instance (resolved through a conditional type, or an alias of an alias) shows its whole
 * expansion. One mapped type over the intersection would show the alias too, at 1.7 MB more heap
 * per check of the type-check benchmark (docs/decisions/builder-typing.md).
 */
export function postsResponses(model: Model, vm: VersionModel): Declaration[] {
  return postNetworks(vm).flatMap((network) => {
    const P = pascal(network);
    const members = vm.posts[network].responseMembers.length ? ` & ${P}PostResponseMembers` : '';
    const post = schemaRef(model, vm.version, `${P}Post`);
    const videoOnly = vm.posts[network].fields.filter((f) => f.videoOnly).map((f) => `'${f.name}'`);
    const O = videoOnly.join(' | ');
    const narrowed = videoOnly.length
      ? `RequiredPick<${post}, Exclude<F, ${O}>> & Pick<${post}, Extract<F, ${O}>>`
      : `{ [K in F]-?: ${post}[K] }`;
    const params = [{ name: 'F', constraint: `${P}PostField`, default: `${P}PostField` }];
    const a = article(network).toLowerCase();
    return [
      typeAlias(
        `${P}PostOf`,
        `${article(network)} ${network} post holding the fields F: each requested field` +
          (videoOnly.length ? `, those of videos only (${videoOnly.join(', ').replaceAll("'", '`')}) optional (a post that is not a video lacks them).` : '.'),
        narrowed,
        params,
      ),
      typeAlias(
        `${P}PostsResponse`,
        `Success body of ${a} ${network} posts request for fields F: \`${P}PostOf<F>\` posts and the cursor.`,
        `PostsPage<${P}PostOf<F>${members}>`,
        params,
      ),
    ];
  });
}
