/**
 * The register rule of every constraint of the response schemas, read from the schemas' `x-rule`
 * annotations as the request compiler reads them (scripts/schema/rules.ts, spec/shared/README.md):
 * for each component schema a response reaches, each validating keyword at each place gets the
 * rule whose break it reports. The validators generator emits the result as `schemaRules`
 * ("Component/json/pointer/keyword" -> rule id) and the runtime reads the rule of an ajv error
 * from its `schemaPath`; generation fails when a constraint has no rule or names a rule the
 * register does not hold.
 */
import { constrains } from '../../schema/keywords.js';
import { RULE_ANNOTATION, ruleScope } from '../../schema/rules.js';
import { isObject, keywordChildren } from '../../schema/walk.js';
import type { VersionSchemas } from './validators-schemas.js';

/** A constraint found by {@link constraints}: its place, keyword and rule (or the references met there). */
interface Constraint {
  pointer: string;
  keyword: string;
  rule?: string;
  ref?: string;
}

/** Every validating keyword of `schema` with its rule, and every `$ref` (not followed). */
function* constraints(schema: unknown, where: string, inherited?: string, pointer = ''): Generator<Constraint> {
  if (!isObject(schema)) return;
  const scope = ruleScope(schema[RULE_ANNOTATION], inherited);
  for (const [key, value] of Object.entries(schema)) {
    if (constrains(key, value)) yield { pointer, keyword: key, rule: scope.of(key) };
    for (const [sub, at, name] of keywordChildren(key, value, pointer)) yield* constraints(sub, where, scope.below(key, name), at);
  }
  if (typeof schema.$ref === 'string') yield { pointer, keyword: '$ref', ref: schema.$ref };
}

/**
 * The rule table of one version: for every component a response reaches (and the composite
 * response schemas), "Name/pointer/keyword" -> rule id. Throws naming the first constraint
 * without a rule, or a rule missing from `ruleIds`.
 */
export function schemaRuleTable(input: VersionSchemas, ruleIds: ReadonlySet<string>): Map<string, string> {
  const table = new Map<string, string>();
  const roots: [string, unknown][] = input.responses.map((r) => (r.component ? [r.component, input.components.get(r.component)] : [`responses/${r.operationId}/${r.status}`, r.schema]));
  const done = new Set<string>();
  while (roots.length) {
    const [name, schema] = roots.shift()!;
    if (done.has(name)) continue;
    done.add(name);
    for (const { pointer, keyword, rule, ref } of constraints(schema, `validators v${input.version}: ${name}`)) {
      if (ref !== undefined) {
        if (!ref.startsWith(input.base)) throw new Error(`validators v${input.version}: ${name}${pointer}: unexpected reference ${ref}`);
        const target = ref.slice(input.base.length);
        roots.push([target, input.components.get(target)]);
        continue;
      }
      const where = `${name}${pointer}/${keyword}`;
      if (!rule) throw new Error(`validators v${input.version}: no register rule for the schema constraint ${where} (add an x-rule in the spec)`);
      if (!ruleIds.has(rule)) throw new Error(`validators v${input.version}: ${where} names rule ${rule}, which catalogs/rules.yaml does not hold`);
      table.set(where, rule);
    }
  }
  return new Map([...table].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
