/**
 * The register rule of every constraint of the response schemas: for each component schema a
 * response reaches, each validating keyword at each place gets the rule whose break it reports.
 * The validators generator emits the result as `schemaRules` ("Component/json/pointer/keyword" ->
 * rule id) and the runtime reads the rule of an ajv error from its `schemaPath`; generation fails
 * when a constraint has no rule or names a rule the register does not hold.
 */
import { constrains } from '../../schema/keywords.js';
import { isObject, keywordChildren } from '../../schema/walk.js';
import type { VersionSchemas } from './validators-schemas.js';

/** `FacebookPost` -> `NetworkPost`: the spec template a per-network component comes from. */
export function templateName(component: string, networks: readonly string[]): string {
  for (const network of networks) {
    const prefix = network[0].toUpperCase() + network.slice(1);
    if (component.startsWith(prefix) && component.length > prefix.length) return `Network${component.slice(prefix.length)}`;
  }
  return component;
}

/**
 * The rule of `keyword` at `pointer` (inside the component's schema) of spec template `template`.
 * Undefined when no rule is known: the generator then fails, naming the place.
 */
export function schemaRule(template: string, pointer: string, keyword: string, version: number): string | undefined {
  const extra = keyword === 'additionalProperties';
  if (pointer === '/properties/success' && keyword === 'const') return 'shared.response.success-flag';
  if (template.startsWith('responses/')) return keyword === 'oneOf' ? 'shared.response.success-flag' : undefined;
  switch (template) {
    case 'FailureBody':
      if (extra) return 'shared.response.no-extra-members';
      return pointer === '/properties/errors' && keyword === 'minItems' ? 'shared.failure.errors-not-empty' : 'shared.failure.shape';
    case 'ApiError':
      return extra ? 'shared.response.no-extra-members' : 'shared.failure.shape';
    case 'ProfilesResponse':
      return extra ? 'shared.response.no-extra-members' : 'shared.profiles.fields';
    case 'Profile':
      return extra ? 'shared.response.no-extra-members' : 'shared.profiles.fields';
    case 'PostLabelsResponse':
    case 'ContentLabel':
      if (extra) return 'shared.response.no-extra-members';
      return keyword === 'required' && template === 'ContentLabel' ? 'shared.labels.members-present' : 'shared.labels.fields';
    case 'ProfileLabelsResponse':
    case 'ProfileLabel':
      if (extra) return 'shared.response.no-extra-members';
      // A label's own members: presence inferred; its profiles' name and platform: "each item has".
      return keyword === 'required' && template === 'ProfileLabel' && pointer === '' ? 'shared.labels.members-present' : 'v2.labels.profile-label-fields';
    case 'NetworkPostsResponse':
      if (extra) return 'shared.response.no-extra-members';
      if (keyword === 'dependentRequired') return 'shared.posts.next-with-remaining';
      return 'shared.posts.envelope';
    case 'NetworkPost':
      if (extra && pointer === '') return 'shared.posts.post-fields-of-network';
      if (extra) return 'shared.response.no-extra-members';
      if (keyword === 'format' || keyword === 'pattern') return 'shared.posts.datetime-utc';
      // The members inside a field's value (attachments' url, reactions_by_type's counts): the
      // documents name them without a type. A post label is a content label, whose table gives
      // its members' types ("| id | string |").
      return keyword === 'type' && MEMBER_OF_FIELD.test(pointer) && !pointer.startsWith('/properties/post_labels/') ? 'shared.posts.member-types' : 'shared.posts.field-types';
    case 'NetworkDayRecord':
      if (extra) return 'v1.metrics.record-metric-names';
      if (pointer === '/properties/date') return 'v1.metrics.date';
      if (pointer === '' && keyword === 'type') return 'v1.metrics.record-members';
      return keyword === 'required' ? 'v1.metrics.record-members' : 'v1.metrics.metric-types';
    case 'NetworkMetricsResponse':
      if (extra) return 'shared.response.no-extra-members';
      if (version === 1) return 'v1.metrics.profiles';
      return pointer === '/properties/header' && keyword === 'minItems' ? 'v2.metrics.header-ends-with-metric' : 'v2.metrics.shape';
    case 'NetworkHeaderType':
      return 'v2.metrics.dimension-types';
    case 'MetricsData':
      return 'v2.metrics.data-nesting';
    default:
      return undefined;
  }
}

/** A pointer inside a post field's value to one of its members: `/properties/<field>/.../properties/<member>`. */
const MEMBER_OF_FIELD = /^\/properties\/[^/]+\/(?:.*\/)?properties\/[^/]+(?:\/items)?$/;

/** Every (pointer, keyword) of a validating keyword in `schema`, not following `$ref`. */
function* constraints(schema: unknown, pointer = ''): Generator<{ pointer: string; keyword: string; refs: string[] }> {
  if (!isObject(schema)) return;
  for (const [key, value] of Object.entries(schema)) {
    if (constrains(key, value)) yield { pointer, keyword: key, refs: [] };
    for (const [sub, at] of keywordChildren(key, value, pointer)) yield* constraints(sub, at);
  }
  if (typeof schema.$ref === 'string') yield { pointer, keyword: '$ref', refs: [schema.$ref] };
}

/**
 * The rule table of one version: for every component a response reaches (and the composite
 * response schemas), "Name/pointer/keyword" -> rule id. Throws naming the first constraint
 * without a rule, or a rule missing from `ruleIds`.
 */
export function schemaRuleTable(input: VersionSchemas, networks: readonly string[], ruleIds: ReadonlySet<string>): Map<string, string> {
  const table = new Map<string, string>();
  const roots: [string, unknown][] = input.responses.map((r) => (r.component ? [r.component, input.components.get(r.component)] : [`responses/${r.operationId}/${r.status}`, r.schema]));
  const done = new Set<string>();
  while (roots.length) {
    const [name, schema] = roots.shift()!;
    if (done.has(name)) continue;
    done.add(name);
    const template = templateName(name, networks);
    for (const { pointer, keyword, refs } of constraints(schema)) {
      for (const ref of refs) {
        if (!ref.startsWith(input.base)) throw new Error(`validators v${input.version}: ${name}${pointer}: unexpected reference ${ref}`);
        const target = ref.slice(input.base.length);
        roots.push([target, input.components.get(target)]);
      }
      if (keyword === '$ref') continue;
      const rule = schemaRule(template, pointer, keyword, input.version);
      const where = `${name}${pointer}/${keyword}`;
      if (!rule) throw new Error(`validators v${input.version}: no register rule for the schema constraint ${where} (add one in scripts/generators/validators/validators-rules.ts)`);
      if (!ruleIds.has(rule)) throw new Error(`validators v${input.version}: ${where} names rule ${rule}, which catalogs/rules.yaml does not hold`);
      table.set(where, rule);
    }
  }
  return new Map([...table].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
