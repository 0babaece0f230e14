/**
 * Member-driven checks of wide objects, for the precompiled validators. A catalog-derived object
 * schema (a v1 day record: ~100 metric properties; a post: ~90 fields) is compiled by ajv as one
 * test per declared property, so every record costs the whole catalog, however few members it
 * holds. For the compiler, such a schema's `properties` (and `additionalProperties: false`) become
 * the keyword `x-members`: one loop over the object's own members, a table lookup per member
 * (name -> group of members sharing subschema and rules), the group's checks, and the
 * additional-property error for names outside the table. The cost follows the members present.
 *
 * Errors are the ones ajv reports for `properties` and `additionalProperties`, with the same
 * `schemaPath`s (`.../properties/<name>/type`), so the rule table and the messages are unchanged.
 * The generated OpenAPI documents (and the rule table, computed from them) keep the plain schema.
 */
import type { CodeKeywordDefinition, KeywordCxt } from 'ajv';
import type { KeywordErrorCxt } from 'ajv/dist/types/index.js';
import { _Code } from 'ajv/dist/compile/codegen/code.js';
import { _, getProperty, Name, str, stringify } from 'ajv/dist/compile/codegen/index.js';
import { reportError } from 'ajv/dist/compile/errors.js';
import N from 'ajv/dist/compile/names.js';
import { getErrorPath, Type } from 'ajv/dist/compile/util.js';
import type { SubschemaArgs } from 'ajv/dist/compile/validate/subschema.js';
import additionalPropertiesModule from 'ajv/dist/vocabularies/applicator/additionalProperties.js';

// ajv modules are CommonJS with `exports.default`.
const names = ((N as any).default ?? N) as typeof import('ajv/dist/compile/names.js').default;
const additionalProperties = ((additionalPropertiesModule as any).default ?? additionalPropertiesModule) as typeof import('ajv/dist/vocabularies/applicator/additionalProperties.js').default;

export const MEMBERS_KEYWORD = 'x-members';

/** Objects with more declared properties than this are checked member by member (ajv's own threshold for a property table). */
export const WIDE_OBJECT = 8;

/** Members sharing one subschema and the rules of its constraints. */
export interface MemberGroup {
  members: string[];
  schema: unknown;
}

/** Value of the `x-members` keyword. */
export interface MembersSchema {
  groups: MemberGroup[];
  /** `additionalProperties: false`: a name outside the groups is an error. */
  closed: boolean;
}

/** Name of the placeholder property in the `schemaPath` of a group's errors (rewritten to the member's name on failure). */
const ANY_MEMBER = '*';

const escapePointer = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

function code(cxt: KeywordCxt): void {
  const { gen, data, it } = cxt;
  const { groups, closed } = cxt.schema as MembersSchema;
  const entries = groups.flatMap((g, i) => g.members.map((name) => [name, i]));
  const table = gen.scopeValue('obj', { ref: new Map(entries as [string, number][]), code: _`new Map(${stringify(entries)})` });
  // The members of the last object checked and their groups, by position: objects of one body
  // list their members alike, so most members cost a string comparison instead of a lookup.
  // Whether they all did is the check's report: request-aware checks of the objects' names then
  // judge the first object only (src/validators/checks/metrics-v1.ts).
  const lastKeys = gen.scopeValue('obj', { ref: [], code: _`[]` });
  const lastGroups = gen.scopeValue('obj', { ref: [], code: _`[]` });
  const group = gen.let('group');
  const valid = gen.name('valid');
  const report = gen.scopeValue('obj', { ref: { ...NEW_REPORT }, code: reportCode(cxt) });
  // The report's first object of this root data: not compared with the object before it.
  const fresh = gen.const('fresh', _`${report}.root !== ${names.rootData}`);
  gen.if(fresh, () => gen.assign(_`${report}.root`, names.rootData).assign(_`${report}.changed`, false));
  // The members by `for...in` and a keyed load each: no array per object, and the engine reads
  // each member at its known slot while the object's layout keeps its enumeration cache. One
  // named load first: it moves an object whose layout the engine has since replaced (JSON.parse
  // replaces a layout when a later object's member changes kind, an integer then a fraction) to
  // the current layout; without it, `for...in` over such an object takes the engine's slow path
  // on every call, and that site's feedback for good. (Measured: docs/decisions/validator-speed.md.) A required
  // member is read so by ajv's `required` check, whose code comes before this keyword's: then no
  // second read (on a body of many record layouts, each read by name is a lookup).
  if (!requiredRead(cxt)) gen.code(_`${data}${getProperty(groups[0].members[0])}`);
  const at = gen.let('at', 0);
  const same = gen.let('same', true);
  gen.forIn('key', data, (key: Name) => {
    const value = gen.const('value', _`${data}[${key}]`);
    gen.if(_`${key} === ${lastKeys}[${at}]`);
    gen.assign(group, _`${lastGroups}[${at}]`);
    gen.else();
    gen.assign(same, false);
    gen.assign(group, _`${table}.get(${key})`);
    gen.assign(_`${lastKeys}[${at}]`, key);
    gen.assign(_`${lastGroups}[${at}]`, group);
    gen.endIf();
    gen.if(_`${group} === undefined`);
    if (closed) {
      const errorCxt = { ...cxt, keyword: 'additionalProperties', params: { additionalProperty: key } } as unknown as KeywordErrorCxt;
      reportError(errorCxt, additionalProperties.error);
    }
    groups.forEach((g, i) => {
      gen.elseIf(_`${group} === ${i}`);
      // ajv's checks run when the quick one fails: they report the errors.
      const quick = quickValidity(g.schema, value);
      if (quick) gen.if(_`!${quick}`);
      const single = g.members.length === 1;
      const base = `${it.errSchemaPath}/properties/`;
      const before = single ? undefined : gen.const('_errs', names.errors);
      memberSubschema(cxt, key, value, valid, {
        schema: g.schema as object,
        schemaPath: _`${it.schemaPath}${getProperty(MEMBERS_KEYWORD)}.groups[${i}].schema`,
        errSchemaPath: `${base}${single ? escapePointer(g.members[0]) : ANY_MEMBER}`,
        topSchemaRef: it.topSchemaRef,
      });
      if (before) {
        // A group's errors name the placeholder; only on failure, name the member instead.
        const placeholder = `${base}${ANY_MEMBER}/`;
        gen.forRange('i', before, names.errors, (j) => {
          const member = _`${base} + ${key}.replace(/~/g, "~0").replace(/\\//g, "~1") + "/"`;
          gen.assign(_`${names.vErrors}[${j}].schemaPath`, _`${names.vErrors}[${j}].schemaPath.replace(${placeholder}, ${member})`);
        });
      }
      if (quick) gen.endIf();
    });
    gen.endIf();
    gen.assign(at, _`${at} + 1`);
  });
  gen.if(_`${at} !== ${report}.count`, () => gen.assign(same, false).assign(_`${report}.count`, at));
  gen.if(_`!${same}`, () => {
    gen.assign(_`${report}.names`, _`${report}.names + 1`);
    gen.if(_`!${fresh}`, () => gen.assign(_`${report}.changed`, true));
  });
  cxt.ok(_`${cxt.errsCount} === ${names.errors}`);
}

/**
 * Whether ajv's `required` check reads a member of the object by name before this keyword's code
 * (a few required names, each read as `data.name`; a long list is read in a loop, by variable).
 */
function requiredRead(cxt: KeywordCxt): boolean {
  const { required } = cxt.parentSchema as { required?: unknown };
  const { opts } = cxt.it;
  return Array.isArray(required) && required.length > 0 && required.length < opts.loopRequired && !opts.$data;
}

/** A check's report before its first object (`MembersReport`), and the code that makes one. */
const NEW_REPORT = { root: undefined, count: -1, changed: false, names: 0 };
const NEW_REPORT_CODE = new _Code(`{ ${Object.entries(NEW_REPORT).map(([key, value]) => `${key}: ${String(value)}`).join(', ')} }`);

/** The compiled functions (by ajv's environment of each) that hold an `x-members` check already. */
const reporting = new WeakSet<object>();

/**
 * Code of a check's report (`MembersReport`, src/validators/compiled-types.ts), published as the
 * `members` of the compiled function holding the check. A function holding two checks publishes
 * none: a report must say which objects it is about.
 */
function reportCode(cxt: KeywordCxt) {
  const { validateName, schemaEnv } = cxt.it;
  if (!reporting.has(schemaEnv)) {
    reporting.add(schemaEnv);
    return _`${validateName}.members = ${NEW_REPORT_CODE}`;
  }
  return _`(${validateName}.members = undefined, ${NEW_REPORT_CODE})`;
}

/** `type` and keywords that only annotate a schema (they check nothing). */
const TYPE_ONLY = new Set(['type', 'deprecated', 'description', 'title']);

/**
 * A check of `value` that passes exactly when the member's subschema does, cheaper than ajv's, or
 * undefined. `type: integer` alone: ajv tests `typeof`, `% 1`, `isNaN` and `isFinite` (the
 * remainder of a number that is not a small integer is a call into the runtime);
 * `Number.isInteger` is one test of the same values (measured: v1 records of 25 metrics 0.24x ->
 * 0.20x JSON.parse).
 */
function quickValidity(schema: unknown, value: Name) {
  if (!isObject(schema) || !Object.keys(schema).every((k) => TYPE_ONLY.has(k))) return undefined;
  return schema.type === 'integer' ? _`Number.isInteger(${value})` : undefined;
}

/**
 * The subschema of one member, given its value (`data`) rather than read as `data[key]`: ajv's
 * `dataProp` would emit that keyed load. The error path and parent property are the ones
 * `dataProp: key` gives (set on the context for this one call), so errors name the member.
 */
function memberSubschema(cxt: KeywordCxt, key: Name, value: Name, valid: Name, applicator: SubschemaArgs): void {
  // ajv reads these context members when it builds the subschema's context; they are readonly in its types only.
  const it = cxt.it as { -readonly [K in keyof KeywordCxt['it']]: KeywordCxt['it'][K] };
  const saved = { errorPath: it.errorPath, parentDataProperty: it.parentDataProperty, dataPathArr: it.dataPathArr };
  it.errorPath = str`${it.errorPath}${getErrorPath(key, Type.Str, it.opts.jsPropertySyntax)}`;
  it.parentDataProperty = _`${key}`;
  it.dataPathArr = [...it.dataPathArr, it.parentDataProperty];
  try {
    cxt.subschema({ ...applicator, data: value }, valid);
  } finally {
    Object.assign(it, saved);
  }
}

/** The `x-members` keyword, for `ajv.addKeyword` (requires `allErrors`, as the generator compiles). */
export const membersKeyword: CodeKeywordDefinition = {
  keyword: MEMBERS_KEYWORD,
  type: 'object',
  schemaType: 'object',
  trackErrors: true,
  code(cxt) {
    if (!cxt.it.allErrors) throw new Error(`${MEMBERS_KEYWORD} is compiled with allErrors only`);
    code(cxt);
  },
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `schema` (a component named `name`) with every wide object turned into `x-members`, nested
 * ones included. `rules` gives the rule of each constraint ("Name/pointer/keyword"): members are
 * grouped only when their subschemas and rules agree, so a group's errors keep their rules.
 */
export function withMemberChecks(schema: unknown, name: string, rules: ReadonlyMap<string, string>, pointer = ''): unknown {
  if (Array.isArray(schema)) return schema.map((item, i) => withMemberChecks(item, name, rules, `${pointer}/${i}`));
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'enum' || key === 'const' || key === 'required') out[key] = value;
    else if (key === 'properties' && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([prop, sub]) => [prop, withMemberChecks(sub, name, rules, `${pointer}/properties/${escapePointer(prop)}`)]));
    } else out[key] = withMemberChecks(value, name, rules, `${pointer}/${key}`);
  }
  const properties = out.properties;
  const extra = out.additionalProperties;
  if (!isObject(properties) || Object.keys(properties).length <= WIDE_OBJECT || (extra !== undefined && extra !== false) || out.patternProperties !== undefined) return out;
  const groups = new Map<string, MemberGroup>();
  for (const [prop, sub] of Object.entries(properties)) {
    const prefix = `${name}${pointer}/properties/${escapePointer(prop)}/`;
    const own = [...rules].filter(([where]) => where.startsWith(prefix)).map(([where, rule]) => [where.slice(prefix.length), rule]);
    const signature = JSON.stringify([sub, own]);
    const group = groups.get(signature);
    if (group) group.members.push(prop);
    else groups.set(signature, { members: [prop], schema: sub });
  }
  const { properties: _p, additionalProperties: _a, ...rest } = out;
  // Required members stay declared (as always-valid `true`: no code) for ajv's strictRequired.
  const required = Array.isArray(out.required) ? (out.required as string[]) : [];
  const declared = required.length ? { properties: Object.fromEntries(required.map((r) => [r, true])) } : {};
  return { ...rest, ...declared, [MEMBERS_KEYWORD]: { groups: [...groups.values()], closed: extra === false } satisfies MembersSchema };
}
