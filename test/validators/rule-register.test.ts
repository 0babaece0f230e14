/**
 * Every check carries a rule of the register, and every response rule of the register is
 * applied by some check: the rule ids written in src/validators and src/cli (`list.add('<id>', ...)`
 * and the CLI's unreadable-body problem) and the generated validators' schema rule tables.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../generated/rules.js';
import * as v1Validators from '../../generated/validators/v1/index.js';
import * as v2Validators from '../../generated/validators/v2/index.js';
import { schemaRuleTable } from '../../scripts/generators/validators/validators-rules.js';
import { responseRuleIds } from './register-section.js';
import { ROOT } from './spec-examples.js';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Rule ids written as string literals in the hand-written checks. */
function codeRuleIds(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of [...sources(join(ROOT, 'src/validators')), ...sources(join(ROOT, 'src/cli')), ...sources(join(ROOT, 'src/report'))]) {
    for (const match of readFileSync(file, 'utf8').matchAll(/'((?:shared|v1|v2)(?:\.[a-z0-9]+(?:-[a-z0-9]+)*){2,})'/g)) {
      found.set(match[1], [...(found.get(match[1]) ?? []), file.slice(ROOT.length + 1)]);
    }
  }
  return found;
}

describe('rule register and checks', () => {
  const code = codeRuleIds();
  // The rules of every precompiled module: each operation's, and each version's failure body.
  const schema = new Set(
    [v1Validators, v2Validators].flatMap((v) => [v.failureModule(), ...Object.values(v.operationModules).map((load) => load())].flatMap((m) => Object.values(m.schemaRules))),
  );

  it('finds the checks (the scan is not empty)', () => {
    expect(code.size).toBeGreaterThan(25);
    expect(schema.size).toBeGreaterThan(15);
    expect(responseRuleIds().length).toBeGreaterThan(40);
  });

  it('every rule id a check names is in the register', () => {
    const unknown = [...code].filter(([id]) => !(id in RULES)).map(([id, files]) => `${id} (${files.join(', ')})`);
    expect(unknown).toEqual([]);
    expect([...schema].filter((id) => !(id in RULES))).toEqual([]);
  });

  it('every response rule of the register is applied by some check', () => {
    expect(responseRuleIds().filter((id) => !code.has(id) && !schema.has(id))).toEqual([]);
  });

  it('README states the counts of the response rules', () => {
    const ids = responseRuleIds();
    const stated = ids.filter((id) => RULES[id as keyof typeof RULES]?.level === 'stated').length;
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    const sentence = /The response validators apply \d+ rules from the documents and \d+ inferred ones\./.exec(readme)?.[0];
    expect(sentence).toBe(`The response validators apply ${stated} rules from the documents and ${ids.length - stated} inferred ones.`);
  });

  it('gives every schema constraint a rule, or fails generation naming the constraint', () => {
    const base = 'https://x.invalid/v2/schemas/';
    const input = (schema: Record<string, unknown>) => ({
      version: 2,
      base,
      components: new Map([['Odd', { $id: `${base}Odd`, ...schema }]]),
      responses: [{ operation: 'GET /2/odd', operationId: 'odd', status: '400', schema: { $ref: `${base}Odd` }, component: 'Odd' }],
    });
    const ids = new Set(Object.keys(RULES));
    expect(() => schemaRuleTable(input({ type: 'object' }), ids)).toThrow('validators v2: no register rule for the schema constraint Odd/type (add an x-rule in the spec)');
    // The rules are the x-rule data of the schema, whatever its name.
    const failure = input({
      type: 'object',
      'x-rule': 'shared.failure.shape',
      properties: { errors: { type: 'array', minItems: 1, 'x-rule': { minItems: 'shared.failure.errors-not-empty' } } },
    });
    expect(() => schemaRuleTable(input({ type: 'object', properties: { a: { type: 'string', 'x-rule': 'shared.failure.shape' } } }), ids)).toThrow('no register rule for the schema constraint Odd/type');
    failure.components = new Map([['FailureBody', { $id: `${base}FailureBody`, ...(failure.components.get('Odd') as object) }]]);
    failure.responses[0].component = 'FailureBody';
    failure.responses[0].schema = { $ref: `${base}FailureBody` };
    expect(Object.fromEntries(schemaRuleTable(failure, ids))).toEqual({
      'FailureBody/properties/errors/minItems': 'shared.failure.errors-not-empty',
      'FailureBody/properties/errors/type': 'shared.failure.shape',
      'FailureBody/type': 'shared.failure.shape',
    });
    expect(() => schemaRuleTable(failure, new Set(['shared.failure.shape']))).toThrow(
      'FailureBody/properties/errors/minItems names rule shared.failure.errors-not-empty, which catalogs/rules.yaml does not hold',
    );
  });
});
