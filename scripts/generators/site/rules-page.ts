/**
 * The "Validation rules" page (`rules.html`): every rule of the register (catalogs/rules.yaml)
 * with its id as anchor, its level, what it checks, and the sentence it rests on or the reason
 * it is inferred; then the sentences of the documents no rule checks, each with why. Each
 * reported problem names its rule, whose anchor here is the rule id. The documents write the
 * networks as placeholders (netA ...); the page shows each network's name beside its placeholder.
 */
import type { NetworkInfo, Rule, UncheckedSentence } from '../../model/types.js';
import { withNetworkNames } from '../../../src/shared/network-names.js';
import { code, escapeHtml, inline, page } from './html.js';

export const SCRIPT = 'scripts/generators/site/rules-page.ts';

const DOCUMENTS = { v2: 'document 1 (version 2 and the rules shared by both versions)', v1: 'document 2 (version 1)' } as const;

/** Group titles by the first two parts of the id (`v2.metrics`), in a fixed order. */
const SCOPES: Record<string, string> = { shared: 'Both versions', v2: 'Version 2', v1: 'Version 1' };

type Networks = readonly Pick<NetworkInfo, 'name' | 'documentName'>[];

function ruleEntry(rule: Rule, networks: Networks): string {
  const named = (text: string) => withNetworkNames(text, networks);
  const basis = rule.source
    ? [
        `<p class="basis">Stated in ${escapeHtml(DOCUMENTS[rule.source.document])}, section “${escapeHtml(named(rule.source.section))}”:</p>`,
        `<blockquote>${inline(named(rule.source.quote))}</blockquote>`,
        ...(rule.source.also ?? []).flatMap((s) => [`<p class="basis">and in ${escapeHtml(DOCUMENTS[s.document])}, section “${escapeHtml(named(s.section))}”:</p>`, `<blockquote>${inline(named(s.quote))}</blockquote>`]),
      ].join('\n')
    : `<p class="basis">Inferred: ${inline(named(rule.inferred ?? ''))}</p>`;
  return [
    `<section class="rule ${rule.level}" id="${escapeHtml(rule.id)}">`,
    `<h3><a href="#${escapeHtml(rule.id)}">${code(rule.id)}</a> <span class="level">${rule.level}</span></h3>`,
    `<p>${inline(named(rule.checks))}</p>`,
    basis,
    '</section>',
  ].join('\n');
}

/** The rules grouped by scope (`shared`, `v2`, `v1`) then area (`metrics`, `posts`, ...), in register order. */
export function ruleGroups(rules: readonly Rule[]): { scope: string; area: string; rules: Rule[] }[] {
  const groups = new Map<string, { scope: string; area: string; rules: Rule[] }>();
  for (const scope of Object.keys(SCOPES)) {
    for (const rule of rules.filter((r) => r.id.split('.')[0] === scope)) {
      const area = rule.id.split('.')[1];
      const key = `${scope}.${area}`;
      if (!groups.has(key)) groups.set(key, { scope, area, rules: [] });
      groups.get(key)!.rules.push(rule);
    }
  }
  return [...groups.values()];
}

/** What each kind of unchecked sentence means, in page order. */
const SENTENCE_KINDS: Record<UncheckedSentence['kind'], string> = {
  'needs-more': 'Constrain an answer, but one capture cannot show a break',
  allows: 'Allow something (no check contradicts them, not even in strict mode)',
  request: 'Constrain requests only (the request checks apply them)',
  catalog: 'Catalog data (the catalogs hold it; the fidelity tests compare it with the documents)',
  describes: 'Constrain no answer',
};

function sentencesSection(sentences: readonly UncheckedSentence[], networks: Networks): string[] {
  const named = (text: string) => withNetworkNames(text, networks);
  if (!sentences.length) return [];
  return [
    '<h2 id="unchecked-sentences">Sentences no rule checks</h2>',
    `<p>The ${sentences.length} sentences of the documents that no rule above quotes, and why.</p>`,
    ...Object.entries(SENTENCE_KINDS).flatMap(([kind, title]) => {
      const some = sentences.filter((s) => s.kind === kind);
      if (!some.length) return [];
      return [
        `<h3 id="unchecked-${kind}">${escapeHtml(title)} (${some.length})</h3>`,
        '<ul class="sentences">',
        ...some.map((s) => `<li><blockquote>${inline(named(s.quote))}</blockquote><p class="basis">${escapeHtml(DOCUMENTS[s.document])}, “${escapeHtml(named(s.section))}”: ${inline(named(s.why))}</p></li>`),
        '</ul>',
      ];
    }),
  ];
}

export function renderRulesPage(rules: readonly Rule[], networks: Networks, sentences: readonly UncheckedSentence[] = []): string {
  const stated = rules.filter((r) => r.level === 'stated').length;
  const groups = ruleGroups(rules);
  const body = [
    `<p>Every rule the response validators and the request checks apply: ${rules.length} rules, ${stated} stated by the source documents and ${rules.length - stated} inferred. A broken <b>stated</b> rule makes a response invalid (or a request an error); a broken <b>inferred</b> rule is a warning, and an error only in strict mode (${code('validateResponse({ ..., strict: true })')}, ${code('validate --strict')}, ${code("toBeValidResponse(op, { strict: true })")}). Each reported problem names its rule; its anchor here is the rule id.</p>`,
    '<nav class="toc"><ul>',
    ...groups.map((g) => `<li><a href="#${g.scope}-${g.area}">${escapeHtml(SCOPES[g.scope])}: ${escapeHtml(g.area)}</a> (${g.rules.length})</li>`),
    '</ul></nav>',
    ...groups.flatMap((g) => [`<h2 id="${g.scope}-${g.area}">${escapeHtml(SCOPES[g.scope])}: ${escapeHtml(g.area)}</h2>`, ...g.rules.map((rule) => ruleEntry(rule, networks))]),
    ...sentencesSection(sentences, networks),
  ].join('\n');
  return page({ generator: SCRIPT, title: 'Validation rules', body });
}
