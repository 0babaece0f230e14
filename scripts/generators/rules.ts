/** Writes generated/rules.ts: the rule register (catalogs/rules.yaml) as typed data. */
import type { Model } from '../model/types.js';
import type { Artifact } from './artifact.js';
import { banner } from './banner.js';
import { toTsLiteral } from './catalog-data.js';

export const SCRIPT = 'scripts/generators/rules.ts';

export function rulesArtifact(model: Pick<Model, 'rules'>): Artifact {
  const table = Object.fromEntries(model.rules.map((rule) => [rule.id, rule]));
  const content = [
    banner(SCRIPT, 'slash').trimEnd(),
    '/**',
    ' * The rule register (catalogs/rules.yaml): every rule the response validators and the request',
    ' * checks apply. A `stated` rule rests on a sentence of the documents (`source`) and a broken one',
    ' * is an error; an `inferred` rule is believed although no sentence states it, and a broken one is',
    ' * a warning (an error in strict mode).',
    ' */',
    "import type { Rule } from '../src/catalog/types.js';",
    '',
    `export const RULES = ${toTsLiteral(table)} as const satisfies Record<string, Rule>;`,
    '',
    '/** Every rule id of the register. */',
    'export type RuleId = keyof typeof RULES;',
    '',
    '/** `stated`: a broken rule is an error; `inferred`: a warning, an error only in strict mode. */',
    "export function ruleLevel(id: RuleId): Rule['level'] {",
    '  return RULES[id].level;',
    '}',
    '',
    '/** The rule\'s anchor on the docs site (generated/site/rules.html). */',
    'export function rulePage(id: RuleId): string {',
    '  return `rules.html#${id}`;',
    '}',
    '',
  ].join('\n');
  return { path: 'generated/rules.ts', content };
}
