/**
 * The rule register (catalogs/rules.yaml): the loader's errors name file, line, pointer and rule
 * entry; the generated table is what the generator makes of the model; and every quoted sentence
 * stands in its source document, when the documents are beside the project (../shared/source).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rulesArtifacts } from '../../scripts/generators/data/rules.js';
import { loadRules, readRegister, readRules } from '../../scripts/model/load-rules.js';
import { readYamlFile } from '../../scripts/model/yaml-file.js';
import { RULES } from '../../generated/rules.js';

const root = join(import.meta.dirname, '../..');
const schema = JSON.parse(readFileSync(join(root, 'catalogs/schema/rules.schema.json'), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let count = 0;
function read(text: string) {
  const file = join(dir, `r${count++}.yaml`);
  writeFileSync(file, text);
  return readRules(readYamlFile(file, 'catalogs/rules.yaml'), schema);
}

const stated = `  - id: v2.metrics.header-order
    checks: header order
    source:
      document: v2
      section: Metrics response
      quote: "in the requested order"
`;

describe('readRules', () => {
  it('reads stated and inferred rules with their level', () => {
    const rules = read(`rules:\n${stated}  - id: shared.response.no-extra-members\n    checks: no extra members\n    inferred: not stated\n`);
    expect(rules).toEqual([
      { id: 'v2.metrics.header-order', checks: 'header order', level: 'stated', source: { document: 'v2', section: 'Metrics response', quote: 'in the requested order' } },
      { id: 'shared.response.no-extra-members', checks: 'no extra members', level: 'inferred', inferred: 'not stated' },
    ]);
  });

  it('refuses a rule with both a source and an inference', () => {
    expect(() => read(`rules:\n${stated}    inferred: also inferred\n`)).toThrow(
      'catalogs/rules.yaml:2: /rules/0: rule "v2.metrics.header-order": needs exactly one of "source" (a stated rule) or "inferred" (rule: schema oneOf)',
    );
  });

  it('refuses a rule with neither', () => {
    expect(() => read('rules:\n  - id: v1.posts.limit\n    checks: limit\n')).toThrow('/rules/0: rule "v1.posts.limit": needs exactly one of');
  });

  it('names the line of a duplicate id', () => {
    expect(() => read(`rules:\n${stated}${stated}`)).toThrow(
      'catalogs/rules.yaml:8: /rules/1/id: rule "v2.metrics.header-order": duplicate id (first at rule #1) (rule: unique rule ids)',
    );
  });

  it('refuses an id outside the naming scheme and an unknown document', () => {
    expect(() => read('rules:\n  - id: Metrics_Order\n    checks: x\n    inferred: y\n')).toThrow('catalogs/rules.yaml:2: /rules/0/id: rule "Metrics_Order": must match pattern');
    expect(() => read(stated.replace('document: v2', 'document: v3').replace(/^/, 'rules:\n'))).toThrow(
      '/rules/0/source/document: rule "v2.metrics.header-order": must be one of "v1", "v2" (rule: schema enum)',
    );
  });

  it('reads further quotes of a rule and the unchecked sentences', () => {
    const file = join(dir, `r${count++}.yaml`);
    const also = '      also:\n        - document: v1\n          section: Errors\n          quote: "codes 3"\n';
    const sentence = 'sentences:\n  - document: v2\n    section: Events\n    kind: describes\n    quote: "Events: not shown."\n    why: not shown\n';
    writeFileSync(file, `rules:\n${stated}${also}${sentence}`);
    const register = readRegister(readYamlFile(file, 'catalogs/rules.yaml'), schema);
    expect(register.rules[0].source?.also).toEqual([{ document: 'v1', section: 'Errors', quote: 'codes 3' }]);
    expect(register.sentences).toEqual([{ document: 'v2', section: 'Events', kind: 'describes', quote: 'Events: not shown.', why: 'not shown' }]);
    expect(() => read(`rules:\n${stated}${sentence.replace('kind: describes', 'kind: obvious')}`)).toThrow('/sentences/0/kind: must be one of "needs-more", "allows", "request", "catalog", "describes" (rule: schema enum)');
    expect(() => read(`rules:\n${stated}${sentence.replace('    why: not shown\n', '')}`)).toThrow('/sentences/0: missing key "why" (rule: schema required)');
  });

  it('refuses an unknown key', () => {
    expect(() => read(`rules:\n${stated}    level: stated\n`)).toThrow('/rules/0: rule "v2.metrics.header-order": unknown key "level"');
  });
});

describe('generated/rules.ts', () => {
  it('holds every rule of the register, in register order', () => {
    expect(Object.keys(RULES)).toEqual(loadRules(root).map((r) => r.id));
  });

  it('is the generator output for a small model: the levels alone, and the whole entries', () => {
    const [levels, entries] = rulesArtifacts({ rules: [{ id: 'v1.posts.limit', checks: 'at most limit posts', level: 'inferred', inferred: 'why' }] });
    expect(levels.path).toBe('generated/rule-levels.ts');
    expect(String(levels.content)).toContain('export const RULE_LEVELS = {\n  "v1.posts.limit": "inferred",\n} as const satisfies Record<string, RuleLevel>;');
    expect(entries.path).toBe('generated/rules.ts');
    const content = String(entries.content);
    expect(content).toContain(
      [
        'export const RULES = {',
        '  "v1.posts.limit": {',
        '    id: "v1.posts.limit",',
        '    checks: "at most limit posts",',
        '    level: "inferred",',
        '    inferred: "why",',
        '  },',
        '} as const satisfies Record<RuleId, unknown>;',
      ].join('\n'),
    );
    expect(content.split('\n')[0]).toBe('// generated by scripts/generators/data/rules.ts; do not edit, run npm run generate');
  });
});

const sourceDir = join(root, '../shared/source');
const documents = { v2: 'document-1-api-v2.md', v1: 'document-2-api-v1.md' } as const;
const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

const haveSources = existsSync(sourceDir);
/** Folded text and headings of each document; empty where the documents are not beside the project. */
const sources = Object.fromEntries(
  Object.entries(documents).map(([k, f]) => {
    const text = haveSources ? readFileSync(join(sourceDir, f), 'utf8') : '';
    const headings = text.split('\n').filter((l) => l.startsWith('#')).map((l) => l.replace(/^#+\s*/, '').trim());
    return [k, { text: fold(text), headings }];
  }),
);

// A skipped describe still runs its callback to collect tests, so nothing above reads a file
// unless the documents are there.
describe.skipIf(!haveSources)('register quotes against the source documents (../shared/source)', () => {
  for (const rule of loadRules(root).filter((r) => r.source)) {
    it(`${rule.id}: the quote (and each further one) stands verbatim in its document, under an existing heading`, () => {
      for (const quoted of [rule.source!, ...(rule.source!.also ?? [])]) {
        expect(sources[quoted.document].text).toContain(fold(quoted.quote));
        expect(sources[quoted.document].headings).toContain(quoted.section);
      }
    });
  }
});
