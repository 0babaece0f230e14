/**
 * Writes the rule register (catalogs/rules.yaml) as typed data: generated/rule-levels.ts (every
 * rule id and its level: all that the checks need, small enough for a browser bundle) and
 * generated/rules.ts (the whole entries, with their sources, for the docs and the CLI).
 */
import type { Model } from '../../model/types.js';
import type { Artifact } from '../artifact.js';
import { banner } from '../banner.js';
import { toTsLiteral } from './catalog-data.js';

export const SCRIPT = 'scripts/generators/data/rules.ts';

function levelsArtifact(model: Pick<Model, 'rules'>): Artifact {
  const levels = Object.fromEntries(model.rules.map((rule) => [rule.id, rule.level]));
  const content = [
    banner(SCRIPT, 'slash').trimEnd(),
    '/**',
    ' * The level of every rule of the register (catalogs/rules.yaml): `stated` rules rest on a',
    ' * sentence of the documents and a broken one is an error; `inferred` ones are believed although',
    ' * no sentence states them, and a broken one is a warning (an error in strict mode).',
    ' */',
    '',
    '/** How a rule is known: from a sentence of the documents, or inferred. */',
    "export type RuleLevel = 'stated' | 'inferred';",
    '',
    `export const RULE_LEVELS = ${toTsLiteral(levels)} as const satisfies Record<string, RuleLevel>;`,
    '',
    '/** Every rule id of the register. */',
    'export type RuleId = keyof typeof RULE_LEVELS;',
    '',
    '/**',
    ' * The inferred rules, which a bundle needs rather than the whole table above (every other rule',
    ' * is stated).',
    ' */',
    `const INFERRED: ReadonlySet<string> = new Set(${toTsLiteral(model.rules.filter((r) => r.level === 'inferred').map((r) => r.id))});`,
    '',
    '/** `stated`: a broken rule is an error; `inferred`: a warning, an error only in strict mode. */',
    'export function ruleLevel(id: RuleId): RuleLevel {',
    "  return INFERRED.has(id) ? 'inferred' : 'stated';",
    '}',
    '',
  ].join('\n');
  return { path: 'generated/rule-levels.ts', content };
}

function entriesArtifact(model: Pick<Model, 'rules'>): Artifact {
  const table = Object.fromEntries(model.rules.map((rule) => [rule.id, rule]));
  const content = [
    banner(SCRIPT, 'slash').trimEnd(),
    '/**',
    ' * The rule register (catalogs/rules.yaml): every rule the response validators and the request',
    ' * checks apply, with the sentence of the documents it rests on (`source`) or the reason it is',
    ' * inferred. Ids and levels alone: generated/rule-levels.ts. Data only, its type is checked',
    ' * against Rule in src/shared/catalog-types.ts.',
    ' */',
    "import type { RuleId } from './rule-levels.js';",
    '',
    "export { ruleLevel, type RuleId, type RuleLevel } from './rule-levels.js';",
    '',
    `export const RULES = ${toTsLiteral(table)} as const satisfies Record<RuleId, unknown>;`,
    '',
  ].join('\n');
  return { path: 'generated/rules.ts', content };
}

export function rulesArtifacts(model: Pick<Model, 'rules'>): Artifact[] {
  return [levelsArtifact(model), entriesArtifact(model)];
}
