/**
 * The "Using the package" pages: README sections picked by heading (markdown-it finds the
 * headings), rendered with markdown-it into the site's HTML, and the committed pages compared
 * with the README they come from, so that the site and the README cannot drift apart.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import markdownIt from 'markdown-it';
import { readUsageSource } from '../../scripts/generators/site/site.js';
import { loadModel } from '../../scripts/model/load-model.js';
import { MAIN_USAGE, MERGE_REPORTS_USAGE, MOCK_USAGE, PROXY_USAGE, RULES_USAGE, VALIDATE_USAGE } from '../../src/cli/usage.js';
import { renderMarkdown, slugOf } from '../../scripts/generators/site/markdown.js';
import { headingText, pickSection, readmeSections } from '../../scripts/generators/site/readme-sections.js';
import { searchEntries } from '../../scripts/generators/site/search-index.js';
import { renderUsagePage, renderUsagePages, siteLink, USAGE_PAGES } from '../../scripts/generators/site/usage-pages.js';
import { tinyModel } from '../pipeline/tiny-model.js';
import { USAGE_DOCUMENTS, USAGE_HELP, USAGE_README } from './fixtures.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const options = (link = (href: string) => siteLink(href, {})) => ({ topLevel: 2, sourceTopLevel: 3, link, ids: new Set<string>() });

describe('README sections', () => {
  it('finds headings with a Markdown parser: a # line inside a code block is no heading', () => {
    const titles = readmeSections(USAGE_README).map((s) => s.title);
    expect(titles).toContain('Install');
    expect(titles).not.toContain('not a heading: a comment of the shell');
    expect(titles.filter((t) => t.startsWith('In your own tests'))).toHaveLength(1);
  });

  it('picks a section by a pattern of its heading, with its subsections, up to the next heading of its level', () => {
    const client = pickSection(USAGE_README, { heading: /^the client\b/i });
    expect(client).toEqual({ level: 2, title: 'The client', body: 'Client text.\n\n### Retries\n\nRetry text.' });
  });

  it('leaves out the subsections a pick names, and tolerates one that is not there', () => {
    const cli = pickSection(USAGE_README, { heading: /captured responses/i, without: [/vitest matcher/i, /no such subsection/i] });
    expect(cli.body).toContain('npx pkg validate captures/');
    expect(cli.body).toContain('**Exit codes.**');
    expect(cli.body).not.toContain('toBeValidResponse');
    expect(cli.body).not.toContain('own tests');
    const vitest = pickSection(USAGE_README, { heading: /vitest matcher/i });
    expect(vitest.level).toBe(3);
    expect(vitest.body).toBe('```ts\nexpect(body).toBeValidResponse();\n```');
  });

  it('a section that is gone fails, naming the pattern and the headings there are', () => {
    expect(() => pickSection(USAGE_README.replace('## The mock server', '## Offline'), { heading: /mock server/i })).toThrow(
      /README\.md has no heading matching \/mock server\/i \(its headings: "Install", "Working on the package", .*"Offline"/,
    );
  });
});

describe('renderMarkdown', () => {
  it('shows raw HTML as text, code spans as identifiers or phrases, code blocks in a focusable box', () => {
    const { html } = renderMarkdown('Start <here> with `createClient` or `npx pkg validate`.\n\n```ts fragment\nconst a = 1 < 2;\n```', options());
    expect(html).toBe(
      '<p>Start &lt;here&gt; with <code>createClient</code> or <code class="phrase">npx pkg validate</code>.</p>\n<pre tabindex="0"><code class="language-ts">const a = 1 &lt; 2;\n</code></pre>',
    );
  });

  it('moves headings to the page level with GitHub ids, and gives bold lead-ins ids; ids stay unique', () => {
    const ids = new Set(['filter']);
    const { html, anchors } = renderMarkdown('### In your tests: `validateResponse`\n\n#### Filter\n\n**Exit codes.** 0: valid.\n\n**Exit codes.** again', { ...options(), ids });
    expect(html).toContain('<h2 id="in-your-tests-validateresponse">In your tests: <code>validateResponse</code></h2>');
    expect(html).toContain('<h3 id="filter-1">Filter</h3>');
    expect(html).toContain('<p id="exit-codes"><strong>Exit codes.</strong> 0: valid.</p>');
    expect(anchors).toEqual([
      { id: 'in-your-tests-validateresponse', text: 'In your tests: validateResponse', kind: 'heading' },
      { id: 'filter-1', text: 'Filter', kind: 'heading' },
      { id: 'exit-codes', text: 'Exit codes', kind: 'lead' },
      { id: 'exit-codes-1', text: 'Exit codes', kind: 'lead' },
    ]);
    expect(slugOf('The mock server')).toBe('the-mock-server');
  });

  it('labels every cell with its column header and marks long cells, so the table stacks on a phone', () => {
    const { html } = renderMarkdown('| Option | Meaning |\n|---|---|\n| `timeout` | Milliseconds for one attempt, from sending to the last byte of the body |', options());
    expect(html).toBe(
      [
        '<div class="table-scroll" role="region" aria-label="Option" tabindex="0">',
        '<table class="stack">',
        '<thead>',
        '<tr>',
        '<th scope="col">Option</th>',
        '<th scope="col">Meaning</th>',
        '</tr>',
        '</thead>',
        '<tbody>',
        '<tr>',
        '<td data-label="Option"><code>timeout</code></td>',
        '<td data-label="Meaning" class="long">Milliseconds for one attempt, from sending to the last byte of the body</td>',
        '</tr>',
        '</tbody>',
        '</table>',
        '</div>',
      ].join('\n'),
    );
  });

  it('keeps links to site pages and addresses, shows links to files of the repository as text unless the repository is known', () => {
    const md = '[rules](rules.html#v2.x), [decision](docs/decisions/x.md), [changes](CHANGELOG.md), [site](https://docs.example.org/pkg/mock.html), [anchor](#the-client), [js](javascript:alert(1))';
    expect(renderMarkdown(md, options()).html).toBe(
      '<p><a href="rules.html#v2.x">rules</a>, decision, <a href="changes.html">changes</a>, <a href="https://docs.example.org/pkg/mock.html">site</a>, anchor, [js](javascript:alert(1))</p>',
    );
    const known = (href: string) => siteLink(href, { repository: 'https://git.example.org/o/pkg', homepage: 'https://docs.example.org/pkg/' });
    expect(renderMarkdown(md, options(known)).html).toContain('<a href="https://git.example.org/o/pkg/blob/HEAD/docs/decisions/x.md">decision</a>, <a href="changes.html">changes</a>, <a href="mock.html">site</a>');
  });

  it('makes a link to a document shown on the site a link to its page, from the README and (relative) from a document', () => {
    const repo = { repository: 'https://git.example.org/o/pkg' };
    expect(siteLink('docs/ci.md#large-inputs', {})).toBe('ci.html#large-inputs');
    expect(siteLink('./docs/mock-service.md', {})).toBe('mock-service.html');
    expect(siteLink('docs/decisions/metrics-splitting.md', {})).toBe('metrics-splitting.html');
    expect(siteLink('mock-service.md', {}, 'docs/ci.md')).toBe('mock-service.html');
    expect(siteLink('decisions/metrics-splitting.md#rules', {}, 'docs/ci.md')).toBe('metrics-splitting.html#rules');
    expect(siteLink('../ci.md', {}, 'docs/decisions/metrics-splitting.md')).toBe('ci.html');
    expect(siteLink('#large-inputs', {}, 'docs/ci.md')).toBe('#large-inputs');
    expect(siteLink('#large-inputs', {})).toBeUndefined();
    expect(siteLink('releasing.md', repo, 'docs/ci.md')).toBe('https://git.example.org/o/pkg/blob/HEAD/docs/releasing.md');
    expect(siteLink('../README.md', {}, 'docs/ci.md')).toBeUndefined();
    expect(siteLink('../CHANGELOG.md', {}, 'docs/ci.md')).toBe('changes.html');
  });
});

describe('the "Using the package" pages', () => {
  const pages = renderUsagePages({ readme: USAGE_README, documents: USAGE_DOCUMENTS, help: USAGE_HELP });
  const page = (file: string) => pages.find((p) => p.file === file)!.html;

  it('one page per topic, each with its title, the list of the pages and its README sections', () => {
    expect(pages.map((p) => p.file)).toEqual(['install.html', 'command-line.html', 'ci.html', 'cli.html', 'vitest.html', 'live-traffic.html', 'client.html', 'metrics-splitting.html', 'mock.html', 'mock-service.html', 'testing.html', 'component-tests.html', 'entry-points.html']);
    for (const p of pages) {
      expect(p.html).toContain(`<h1>${p.title.replace(/&/g, '&amp;')}</h1>`);
      expect(p.html).toContain(`<li><a href="${p.file}" aria-current="page">`);
    }
    expect(page('install.html')).toContain('<h2 id="install">Install</h2>\n<pre tabindex="0"><code class="language-sh"># not a heading: a comment of the shell\nnpm install pkg\n</code></pre>\n<h2 id="quick-start">Quick start</h2>');
    expect(page('install.html')).not.toContain('Not for users');
    expect(page('command-line.html')).toContain('<p id="exit-codes"><strong>Exit codes.</strong>');
    expect(page('command-line.html')).not.toContain('toBeValidResponse');
    expect(page('vitest.html')).toContain('expect(body).toBeValidResponse();');
    expect(page('client.html')).toContain('<h3 id="retries">Retries</h3>');
    expect(page('client.html')).toContain('<h2 id="request-builders-and-unions">Request builders and unions</h2>');
  });

  it('a page of docs/ shows the whole document below its title, its links made links between pages', () => {
    const ci = page('ci.html');
    expect(ci).toContain('<h1>Validating captured responses in CI</h1>');
    expect(ci).not.toContain('<h2 id="validating-captured-responses-in-ci">');
    expect(ci).toContain('<a href="mock-service.html">the mock as a service</a>, <a href="metrics-splitting.html">the splitting rules</a>, <a href="#large-inputs">large inputs</a>, the README.');
    expect(ci).toContain('<h2 id="github-actions">GitHub Actions</h2>');
    expect(ci).toContain('<h2 id="large-inputs">Large inputs</h2>');
    // A list item's bold lead-in and a term (a code span and `:` or ` (`) give the item an id; other code spans do not.
    expect(ci).toContain('<li id="one-root-for-every-path"><strong>One root for every path.</strong> Paths.</li>');
    expect(ci).toContain('<li id="sarif"><code>sarif</code>: SARIF 2.1.0.</li>');
    expect(ci).toContain('<li id="github"><code>github</code> (on a runner): annotations.</li>');
    expect(ci).toContain('<li>plain <code>code</code> in an item</li>');
    expect(page('mock-service.html')).toContain('<p class="note" id="about">From the package\'s docs/mock-service.md: ');
  });

  it('a document whose heading is not its page\'s title, or that is missing, stops generation naming both', () => {
    const documents = { ...USAGE_DOCUMENTS, 'docs/ci.md': '# CI\n\nText.\n' };
    expect(() => renderUsagePages({ readme: USAGE_README, documents, help: USAGE_HELP })).toThrow('docs site: docs/ci.md is headed "CI", not "Validating captured responses in CI", the title of ci.html (scripts/generators/site/usage-pages.ts)');
    const { 'docs/mock-service.md': _, ...missing } = USAGE_DOCUMENTS;
    expect(() => renderUsagePages({ readme: USAGE_README, documents: missing, help: USAGE_HELP })).toThrow('docs site: docs/mock-service.md is missing; mock-service.html is made from it');
  });

  it('the command line reference shows every help text, each option line anchored (not --help), ids unique', () => {
    const cli = page('cli.html');
    expect(cli).toContain('<h2 id="validate"><code class="phrase">pkg validate --help</code></h2>'.replace('pkg', 'social-analytics-api'));
    expect(cli).toContain('<span id="validate-strict"></span>  --strict          inferred rules fail too');
    expect(cli).toContain('<span id="validate-output"></span>  --output FILE, -o FILE   its file');
    expect(cli).toContain('<span id="global-version"></span>  -v, --version   print the version');
    expect(cli).toContain('<span id="proxy-strict"></span>  --strict   as validate');
    expect(cli).toContain('  --reporter NAME   text &lt;default&gt; or sarif');
    expect(cli).not.toMatch(/<span id="[^"]*help"/);
    expect(() => renderUsagePages({ readme: USAGE_README, documents: USAGE_DOCUMENTS, help: [] })).toThrow(/no command help/);
  });

  it('the search index lists their headings and lead-ins, error codes and limits, each with its anchor', () => {
    const entries = searchEntries(tinyModel(), pages);
    expect(entries).toContainEqual(['Exit codes', 'Checking captured responses: the command line', 'command-line.html#exit-codes']);
    expect(entries).toContainEqual(['Retries', 'The client and the request builders', 'client.html#retries']);
    expect(entries).toContainEqual(['code 11: User request limit reached', 'error code, HTTP 200', 'index.html#error-11']);
    expect(entries).toContainEqual(['Profiles per metrics request: 25 (profilesPerMetricsRequest)', 'limit, an excess gives code 4', 'index.html#limit-profilesPerMetricsRequest']);
    // The pages of docs/ and the command line reference: topics, terms and options by their names.
    expect(entries).toContainEqual(['GitHub Actions', 'Validating captured responses in CI', 'ci.html#github-actions']);
    expect(entries).toContainEqual(['In your tests: validateResponse and the matchers (vitest, jest)', 'page', 'vitest.html#about']);
    expect(entries).toContainEqual(['sarif', 'Validating captured responses in CI', 'ci.html#sarif']);
    expect(entries).toContainEqual(['One root for every path', 'Validating captured responses in CI', 'ci.html#one-root-for-every-path']);
    expect(entries).toContainEqual(['social-analytics-api validate', 'command', 'cli.html#validate']);
    expect(entries).toContainEqual(['--strict', 'option of social-analytics-api validate', 'cli.html#validate-strict']);
    expect(entries).toContainEqual(['--strict', 'option of social-analytics-api proxy', 'cli.html#proxy-strict']);
    expect(entries).toContainEqual(['--version', 'option of social-analytics-api', 'cli.html#global-version']);
  });
});

describe('the project README and its pages', () => {
  const source = readUsageSource(ROOT, loadModel(ROOT));

  it("the command line page shows each command's help as the command prints it (written from the model, the commands write it from the runtime catalogs)", () => {
    expect(source.help?.map((h) => h.text)).toEqual([MAIN_USAGE, VALIDATE_USAGE, MERGE_REPORTS_USAGE, MOCK_USAGE, PROXY_USAGE, RULES_USAGE]);
    expect(MOCK_USAGE).toMatch(/a metrics operation\s+has 200, \d/);
  });

  it('every code block of a picked section is on its page, character for character (npm run check:generated keeps the committed pages equal to these)', () => {
    let blocks = 0;
    for (const usage of USAGE_PAGES) {
      const { html } = renderUsagePage(usage, source);
      for (const pick of usage.picks ?? []) {
        const fences = markdownIt().parse(pickSection(source.readme, pick).body, {}).filter((t) => t.type === 'fence');
        for (const fence of fences) {
          blocks++;
          const escaped = fence.content.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
          expect(html, `${usage.file}: a code block of the README`).toContain(escaped);
        }
      }
    }
    expect(blocks).toBeGreaterThan(10);
  });

  it('every page the user sections and the pages of docs/ link is on the site: no link of theirs is left as text', () => {
    const links: string[] = [];
    const collect = (markdown: string, from?: string) => {
      for (const token of markdownIt().parse(markdown, {}).flatMap((t) => t.children ?? [])) {
        if (token.type !== 'link_open') continue;
        const href = String(token.attrGet('href'));
        if (siteLink(href, {}, from) === undefined) links.push(`${from ?? 'README.md'}: ${href}`);
      }
    };
    for (const usage of USAGE_PAGES) {
      for (const pick of usage.picks ?? []) collect(pickSection(source.readme, pick).body);
      if (usage.document) collect(source.documents![usage.document], usage.document);
    }
    expect(links).toEqual([]);
  });

  it('the pages of docs/ are those the user sections link, and the command line reference shows every command', () => {
    const sections = USAGE_PAGES.flatMap((p) => (p.picks ?? []).map((pick) => pickSection(source.readme, pick).body)).join('\n');
    const linked = [...sections.matchAll(/\]\((docs\/[^)#]+\.md)/g)].map((m) => m[1]);
    expect(USAGE_PAGES.flatMap((p) => (p.document ? [p.document] : [])).sort()).toEqual([...new Set(linked)].sort());
    expect(source.help!.map((h) => h.command)).toEqual(['', 'validate', 'merge-reports', 'mock', 'proxy', 'rules']);
    const entries = searchEntries(tinyModel(), renderUsagePages(source)).map((e) => e[0]);
    for (const name of ['--strict', '--reporter', '--root', '--budget-user', '--record', '--shard', 'sarif', 'junit', 'github', 'markdown', 'json', 'text', 'GitHub Actions', 'GitLab CI', 'Sharding on GitLab']) expect(entries, name).toContain(name);
  });

  it('every section of the README is on a page, or is one left out on purpose (for contributors, or the site itself)', () => {
    const LEFT_OUT = [/^working on the package/i, /^the docs site/i, /^releasing/i, /^more$/i];
    const picked = USAGE_PAGES.flatMap((p) => (p.picks ?? []).map((pick) => pick.heading));
    const orphans = readmeSections(source.readme)
      .filter((s) => s.level === 2)
      .map((s) => headingText(s.title))
      .filter((title) => !picked.some((h) => h.test(title)) && !LEFT_OUT.some((l) => l.test(title)));
    expect(orphans, 'README sections on no "Using the package" page: add them to USAGE_PAGES in scripts/generators/site/usage-pages.ts or to LEFT_OUT here').toEqual([]);
  });
});
