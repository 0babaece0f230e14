/** The "Validation rules" page: one anchored entry per register rule, grouped, with its basis. */
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
  const html = renderRulesPage(rules);

  it('groups shared rules first, then version 2, then version 1, keeping register order inside a group', () => {
    expect(ruleGroups(rules).map((g) => [g.scope, g.area, g.rules.map((r) => r.id)])).toEqual([
      ['shared', 'request', ['shared.request.non-empty']],
      ['v2', 'metrics', ['v2.metrics.header-order', 'v2.metrics.metric-names']],
    ]);
  });

  it('renders a stated rule with its anchor, level, document, section and quote', () => {
    expect(html).toContain(
      [
        '<section class="rule stated" id="v2.metrics.header-order">',
        '<h4><a href="#v2.metrics.header-order"><code>v2.metrics.header-order</code></a> <span class="level">stated</span></h4>',
        '<p>header follows the <code>dimensions</code></p>',
        '<p class="basis">Stated in document 1 (version 2 and the rules shared by both versions), section “Metrics response”:</p>',
        '<blockquote>in the requested order, followed by one element with type <code>metric</code></blockquote>',
        '</section>',
      ].join('\n'),
    );
  });

  it('renders an inferred rule with its reason, escaped', () => {
    expect(html).toContain('<section class="rule inferred" id="shared.request.non-empty">');
    expect(html).toContain('<p class="basis">Inferred: an empty list asks for &lt;nothing&gt;</p>');
  });

  it('counts the rules by level', () => {
    expect(html).toContain('3 rules, 2 stated by the source documents and 1 inferred');
  });

  it('has an entry for every rule of the register', () => {
    const model = loadModel(PROJECT_ROOT);
    const page = renderRulesPage(model.rules);
    for (const rule of model.rules) expect(page).toContain(`id="${rule.id}"`);
  });
});
