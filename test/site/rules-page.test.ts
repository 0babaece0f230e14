/**
 * The "Validation rules" page: the grouping of the rules, and an entry for every rule of the
 * project's register (the whole page on the tiny model: test/site/pages.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { renderRulesPage, ruleGroups } from '../../scripts/generators/site/rules-page.js';
import { loadModel } from '../../scripts/model/load-model.js';
import type { Rule } from '../../scripts/model/types.js';
import { PROJECT_ROOT } from '../pipeline/temp-project.js';

const rules: Rule[] = [
  { id: 'v2.metrics.header-order', checks: 'header follows the `dimensions`', level: 'stated', source: { document: 'v2', section: 'Metrics response', quote: 'in the requested order, followed by one element with type `metric`' } },
  { id: 'shared.request.non-empty', checks: 'lists are not empty', level: 'inferred', inferred: 'an empty list asks for <nothing>' },
  { id: 'v2.metrics.metric-names', checks: 'known metric names', level: 'stated', source: { document: 'v2', section: 'Metrics request body', quote: 'metric names from the catalog' } },
];

describe('renderRulesPage', () => {
  it('groups shared rules first, then version 2, then version 1, keeping register order inside a group', () => {
    expect(ruleGroups(rules).map((g) => [g.scope, g.area, g.rules.map((r) => r.id)])).toEqual([
      ['shared', 'request', ['shared.request.non-empty']],
      ['v2', 'metrics', ['v2.metrics.header-order', 'v2.metrics.metric-names']],
    ]);
  });

  it('shows a rule\'s further quotes and the sentences no rule checks, grouped by why', () => {
    const withAlso: Rule = { ...rules[0], source: { ...rules[0].source!, also: [{ document: 'v1', section: 'Errors', quote: 'codes 3 with HTTP 200' }] } };
    const page = renderRulesPage([withAlso], [], [
      { document: 'v2', section: 'Events', kind: 'describes', quote: 'Events: not shown.', why: 'not shown' },
      { document: 'v2', section: 'Limits', kind: 'needs-more', quote: '1000 per hour', why: 'needs the clock' },
    ]);
    expect(page).toContain('<p class="basis">and in document 2 (version 1), section “Errors”:</p>\n<blockquote>codes 3 with HTTP 200</blockquote>');
    expect(page).toContain('<h2 id="unchecked-sentences">Sentences no rule checks</h2>');
    expect(page.indexOf('id="unchecked-needs-more"')).toBeLessThan(page.indexOf('id="unchecked-describes"'));
    expect(page).toContain('<blockquote>1000 per hour</blockquote><p class="basis">document 1 (version 2 and the rules shared by both versions), “Limits”: needs the clock</p>');
    expect(renderRulesPage([withAlso], [])).not.toContain('unchecked-sentences');
  });

  it('has an entry for every rule of the register', () => {
    const model = loadModel(PROJECT_ROOT);
    const page = renderRulesPage(model.rules, model.networks);
    for (const rule of model.rules) expect(page).toContain(`id="${rule.id}"`);
  });

  it('shows the network names beside the placeholders of quotes, sections and reasons', () => {
    const networks = [
      { name: 'facebook', documentName: 'netA' },
      { name: 'twitter', documentName: 'netC' },
    ];
    const placeholders: Rule[] = [
      { id: 'v2.posts.sort', checks: 'a twitter (netC) request has no sort', level: 'stated', source: { document: 'v2', section: 'Posts request body (netA; netC without sort)', quote: 'Not offered for netC' } },
      { id: 'v2.posts.guess', checks: 'guess', level: 'inferred', inferred: 'netA pages show it' },
    ];
    const text = renderRulesPage(placeholders, networks).replace(/<[^>]+>/g, '');
    expect(text).toContain('a twitter (netC) request has no sort');
    expect(text).toContain('section “Posts request body (facebook (netA); twitter (netC) without sort)”');
    expect(text).toContain('Not offered for twitter (netC)');
    expect(text).toContain('Inferred: facebook (netA) pages show it');
    expect(text.match(/net[AC]\b/g)).toHaveLength(text.match(/(facebook \(netA|twitter \(netC)\b/g)!.length);
  });

  it('the project page names a network wherever a quote names netA..netF', () => {
    const model = loadModel(PROJECT_ROOT);
    const text = renderRulesPage(model.rules, model.networks).replace(/<[^>]+>/g, '');
    expect(text).toContain('is one of facebook (netA), instagram (netB), twitter (netC), youtube (netD), linkedin (netE), pinterest (netF)');
    const count = (pattern: RegExp) => text.match(pattern)?.length ?? 0;
    for (const { name, documentName } of model.networks) {
      // Every placeholder on the page comes right after its network's name.
      expect(count(new RegExp(`\\b${documentName}\\b`, 'g')), documentName).toBe(count(new RegExp(`${name} \\(${documentName}\\)`, 'g')));
    }
  });
});
