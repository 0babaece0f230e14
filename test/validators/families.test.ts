/**
 * One module for the operations whose validators differ only by network
 * (scripts/generators/validators-families.ts): what may differ, what keeps modules apart, and
 * that the family's code computes what each member's own code computes.
 */
import { describe, expect, it } from 'vitest';
import { formFamilies, type FamilyMember } from '../../scripts/generators/validators-families.js';
import { PUSH_ERROR } from '../../scripts/generators/validators-compact.js';

/** A member's module, of the form validators-compact.ts writes. */
function member(network: string, types: string[], entries: [string, number][], extra = ''): FamilyMember {
  const code = [
    '"use strict";',
    PUSH_ERROR,
    `var schema1 = { "$id": "https://x.invalid/${network}Type", "enum": [${types.map((t) => JSON.stringify(t)).join(', ')}] };`,
    `var obj0 = new Map(${JSON.stringify(entries).replaceAll(',', ', ')});`,
    'function validate0(data0) {',
    '  let vErrors = null;',
    `  if (!(${types.map((t) => `data0 === ${JSON.stringify(t)}`).join(' || ')})) vErrors = pushError(vErrors, "", "https://x.invalid/${network}Type/enum", "enum", { allowedValues: schema1.enum });`,
    '  if (obj0.get(data0) === void 0) vErrors = pushError(vErrors, "", "#/members", "members", {});',
    '  validate0.errors = vErrors;',
    '  return vErrors === null;',
    '}',
    'var success = validate0;',
    `var schemaRules = {\n  "${network}Type/enum": "r.types",\n  "Other/type": "r.other${extra}"\n};`,
    'module.exports = { success, schemaRules };',
    '',
  ].join('\n');
  return { key: network.toLowerCase(), network, code };
}

/** Loads a CommonJS module's code. */
function load(code: string): any {
  const module = { exports: {} as any };
  new Function('module', 'exports', code)(module, module.exports);
  return module.exports;
}

describe('families of validator modules', () => {
  const a = member('Alpha', ['x', 'y', 'z'], [['x', 0], ['y', 1]]);
  const b = member('Beta', ['x', 'w'], [['w', 0]]);

  it('share one code, parameterised by the network name and the lists that differ', () => {
    const [family] = formFamilies([a, b]);
    expect(family.members.map((m) => m.key)).toEqual(['alpha', 'beta']);
    expect(family.code).toContain('function validatorsOf(network, list0, list1, is0) {');
    expect(family.code).toContain('if (!is0(data0)) vErrors = pushError(vErrors, "", "https://x.invalid/" + network + "Type/enum"');
    expect(family.code).toContain('[network + "Type/enum"]: "r.types"');
    expect(family.code).toContain(
      ['  alpha: once(() =>', '    validatorsOf(', '      "Alpha",', '      ["x", "y", "z"],', '      [["x", 0], ["y", 1]],', '      (value) => value === "x" || value === "y" || value === "z",', '    ),', '  ),'].join('\n'),
    );
  });

  it('compute what each member\'s own code computes, the validators made once per member', () => {
    const [family] = formFamilies([a, b]);
    const shared = load(family.code);
    for (const m of [a, b]) {
      const own = load(m.code);
      const made = shared[m.key]();
      expect(shared[m.key]()).toBe(made);
      expect(made.schemaRules).toEqual(own.schemaRules);
      for (const data of ['x', 'y', 'z', 'w', 'v', 1, null]) {
        expect(made.success(data), `${m.network} ${data}`).toBe(own.success(data));
        expect(made.success.errors).toEqual(own.success.errors);
      }
    }
  });

  it('keep apart members that differ by more than the network name and lists', () => {
    expect(formFamilies([a, member('Beta', ['x'], [['x', 0]], '-beta')])).toEqual([]);
    const c = member('Gamma', ['x'], [['x', 0]]);
    const differentCode = { ...c, code: c.code.replace('return vErrors === null;', 'return !vErrors;') };
    expect(formFamilies([a, differentCode, b]).map((f) => f.members.map((m) => m.key))).toEqual([['alpha', 'beta']]);
  });
});
