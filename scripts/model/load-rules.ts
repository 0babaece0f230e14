/**
 * Reads catalogs/rules.yaml, the rule register (its rules, and the sentences of the documents no
 * rule quotes): checked against catalogs/schema/rules.schema.json and for unique ids. The first problem stops the pipeline with a PipelineError naming the file,
 * line, JSON pointer and rule entry.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { PipelineError } from './errors.js';
import type { Rule, UncheckedSentence } from './types.js';
import { readYamlFile, type YamlFile } from './yaml-file.js';

export const RULES_FILE = 'catalogs/rules.yaml';

interface RawRule {
  id: string;
  checks: string;
  source?: Rule['source'];
  inferred?: string;
}

function fail(file: YamlFile, pointer: string, message: string): never {
  const index = /^\/rules\/(\d+)/.exec(pointer)?.[1];
  const id = index === undefined ? undefined : (file.data as { rules: { id?: unknown }[] }).rules[Number(index)]?.id;
  const entry = index === undefined ? undefined : typeof id === 'string' ? `rule "${id}"` : `rule #${Number(index) + 1}`;
  throw new PipelineError(`${entry ? `${entry}: ` : ''}${message}`, file.file, file.lineOf(pointer), pointer || '/');
}

/** The most telling schema error: a plain one first, the oneOf summary rather than its branches' errors. */
function describe(errors: ErrorObject[]): { pointer: string; message: string } {
  const outsideOneOf = errors.filter((x) => !x.schemaPath.includes('/oneOf/'));
  const e = outsideOneOf.find((x) => x.keyword !== 'oneOf') ?? outsideOneOf[0] ?? errors[0];
  const p = e.params as Record<string, any>;
  if (e.keyword === 'oneOf') {
    return { pointer: e.instancePath, message: 'needs exactly one of "source" (a stated rule) or "inferred" (rule: schema oneOf)' };
  }
  if (e.keyword === 'additionalProperties') return { pointer: e.instancePath, message: `unknown key "${p.additionalProperty}" (rule: schema additionalProperties)` };
  if (e.keyword === 'required') return { pointer: e.instancePath, message: `missing key "${p.missingProperty}" (rule: schema required)` };
  if (e.keyword === 'enum') return { pointer: e.instancePath, message: `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')} (rule: schema enum)` };
  return { pointer: e.instancePath, message: `${e.message ?? e.keyword} (rule: schema ${e.keyword})` };
}

/** Checks a parsed register and returns its rules in file order. */
export function readRules(file: YamlFile, schema: object): Rule[] {
  return readRegister(file, schema).rules;
}

/** Checks a parsed register and returns its rules and its unchecked sentences, in file order. */
export function readRegister(file: YamlFile, schema: object): { rules: Rule[]; sentences: UncheckedSentence[] } {
  // validateSchema false: the register schema is checked against the meta-schema by a test, not on every run.
  const validate = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, validateSchema: false }).compile(schema);
  if (!validate(file.data)) {
    const { pointer, message } = describe(validate.errors!);
    fail(file, pointer, message);
  }
  const { rules: raw, sentences = [] } = file.data as { rules: RawRule[]; sentences?: UncheckedSentence[] };
  const seen = new Map<string, number>();
  const rules = raw.map((entry, i): Rule => {
    const first = seen.get(entry.id);
    if (first !== undefined) fail(file, `/rules/${i}/id`, `duplicate id (first at rule #${first + 1}) (rule: unique rule ids)`);
    seen.set(entry.id, i);
    return entry.source
      ? { id: entry.id, checks: entry.checks, level: 'stated', source: entry.source }
      : { id: entry.id, checks: entry.checks, level: 'inferred', inferred: entry.inferred };
  });
  return { rules, sentences };
}

/** Reads and checks catalogs/rules.yaml of a project: its rules and unchecked sentences. */
export function loadRegister(root: string): { rules: Rule[]; sentences: UncheckedSentence[] } {
  const schema = JSON.parse(readFileSync(join(root, 'catalogs/schema/rules.schema.json'), 'utf8'));
  return readRegister(readYamlFile(join(root, RULES_FILE), RULES_FILE), schema);
}

/** Reads and checks catalogs/rules.yaml of a project; its rules. */
export function loadRules(root: string): Rule[] {
  return loadRegister(root).rules;
}
