/**
 * Turns the errors of a precompiled (ajv) validator into messages for people:
 * `/data/posts/3/comments: expected integer, got "12"`. The branch errors of an `anyOf`/`oneOf`
 * are folded into one message when every branch only failed on its type.
 */
import type { RuleId } from '../core/rules.js';
import { ruleAt } from '../shared/constraint-rules.js';
import { DAY_TIME_PATTERN, UTC_DATE_TIME_PATTERN } from '../shared/date-time-patterns.js';
import { DAY_TIME_SHAPE, UTC_DATE_TIME_SHAPE } from './facts/values.js';
import type { CompiledValidator, CompiledValidatorError } from './compiled.js';
import { describeValue, listValues, quote } from '../core/problems/describe.js';
import type { ProblemList } from '../core/problems/problem-list.js';
import { valueAt } from '../shared/pointer.js';
import { eachBranchGroup } from '../core/branch-errors.js';

/** Shapes of the patterns used by the specs, named for people. */
const PATTERN_SHAPES: Readonly<Record<string, string>> = {
  '^\\d{4}-\\d{2}-\\d{2}$': 'a date YYYY-MM-DD',
  [DAY_TIME_PATTERN]: DAY_TIME_SHAPE,
  [UTC_DATE_TIME_PATTERN]: UTC_DATE_TIME_SHAPE,
};

const FORMAT_SHAPES: Readonly<Record<string, string>> = {
  date: 'a calendar date YYYY-MM-DD',
  'date-time': 'an RFC 3339 date-time with offset',
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The message of one error, given the offending value. */
function messageOf(error: CompiledValidatorError, value: unknown): string {
  const p = error.params;
  const got = `got ${describeValue(value)}`;
  switch (error.keyword) {
    case 'type':
      return `expected ${String(p.type).replace(/,/g, ' or ')}, ${got}`;
    case 'const':
      return `expected ${JSON.stringify(p.allowedValue)}, ${got}`;
    case 'enum':
      return `expected one of ${listValues(p.allowedValues as unknown[])}, ${got}`;
    case 'required':
      return `missing required property ${quote(String(p.missingProperty))}`;
    case 'additionalProperties':
      return `unexpected property ${quote(String(p.additionalProperty))}`;
    case 'dependentRequired':
      return `${quote(String(p.property))} is present, so ${quote(String(p.missingProperty))} must be too`;
    case 'pattern': {
      const shape = PATTERN_SHAPES[String(p.pattern)];
      return shape ? `expected ${shape}, ${got}` : `expected a string matching ${p.pattern}, ${got}`;
    }
    case 'format':
      return `expected ${FORMAT_SHAPES[String(p.format)] ?? `a valid ${p.format}`}, ${got}`;
    case 'minItems':
      return `expected at least ${plural(Number(p.limit), 'item')}, ${got}`;
    case 'maxItems':
      return `expected at most ${plural(Number(p.limit), 'item')}, ${got}`;
    case 'minLength':
      return `expected at least ${plural(Number(p.limit), 'character')}, ${got}`;
    case 'maxLength':
      return `expected at most ${plural(Number(p.limit), 'character')}, ${got}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `expected ${p.comparison} ${p.limit}, ${got}`;
    case 'oneOf':
      return p.passingSchemas ? 'matches more than one of the allowed shapes' : `matches none of the allowed shapes, ${got}`;
    case 'anyOf':
      return `matches none of the allowed shapes, ${got}`;
    default:
      return `${error.message ?? `fails "${error.keyword}"`}, ${got}`;
  }
}

/**
 * Folds `anyOf`/`oneOf` branch errors that are all type errors into `expected number or array, got ...`.
 * Each such error's branch errors are found in one pass over all errors (./branch-errors.ts).
 */
function foldBranches(errors: readonly CompiledValidatorError[]): { error: CompiledValidatorError; types?: string[] }[] {
  const dropped = new Set<CompiledValidatorError>();
  const folded = new Map<CompiledValidatorError, string[]>();
  eachBranchGroup(errors, BRANCHING, (at, from) => {
    const error = errors[at];
    if (error.params.passingSchemas) return;
    const inside = errors.slice(from, at);
    if (inside.length && inside.every((e) => e.keyword === 'type' && e.instancePath === error.instancePath)) {
      for (const e of inside) dropped.add(e);
      folded.set(error, inside.flatMap((e) => String(e.params.type).split(',')));
    }
  });
  if (folded.size === 0) return errors.map((error) => ({ error }));
  return errors.filter((e) => !dropped.has(e)).map((error) => ({ error, types: folded.get(error) }));
}

const BRANCHING: readonly string[] = Object.freeze(['anyOf', 'oneOf']);

/** The schema a compiled validator checked, and the rule table of its version. */
export interface SchemaSource {
  /** Name of the validated schema: its component ("FacebookPostsResponse"), the root of `#/...` paths. */
  name: string;
  rules: Readonly<Record<string, RuleId>>;
}

/**
 * The register rule a schema error breaks, from its `schemaPath`: `#/properties/x/type` is inside
 * the validated schema, `<base>ApiError/properties/code/type` inside a referenced component; the
 * rule is the table's nearest entry at or above `/<schema name>/<place>` (the format of the
 * request validators' tables, src/shared/constraint-rules.ts).
 */
function ruleOf(error: CompiledValidatorError, source: SchemaSource): RuleId {
  const path = error.schemaPath;
  const at = path.startsWith('#') ? `/${source.name}${path.slice(1)}` : `/${path.slice(path.indexOf(SCHEMAS) + SCHEMAS.length)}`;
  const rule = ruleAt([source.rules], at);
  // The generator gives every constraint a rule, in the same module as the compiled code.
  if (rule === undefined) throw new Error(`no register rule for the schema constraint ${at}; regenerate with npm run generate`);
  return rule.rule;
}

const SCHEMAS = '/schemas/';

/** Adds the errors of the last run of a compiled validator to `list`. */
export function addSchemaErrors(list: ProblemList, validator: CompiledValidator, source: SchemaSource, body: unknown, basePointer = ''): void {
  const errors = validator.errors;
  if (!errors) return;
  for (const { error, types } of foldBranches(errors)) {
    if (list.shouldStop()) return;
    const pointer = basePointer + error.instancePath;
    const value = valueAt(body, error.instancePath);
    const rule = ruleOf(error, source);
    if (types) {
      list.add(rule, pointer, `expected ${[...new Set(types)].join(' or ')}, got ${describeValue(value)}`);
      continue;
    }
    list.add(rule, pointer, messageOf(error, value));
  }
}
