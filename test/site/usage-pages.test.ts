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
import { renderMarkdown, slugOf } from '../../scripts/generators/site/markdown.js';
import { headingText, pickSection, readmeSections } from '../../scripts/generators/site/readme-sections.js';
import { searchEntries } from '../../scripts/generators/site/search-index.js';
import { renderUsagePage, renderUsagePages, siteLink, USAGE_PAGES } from '../../scripts/generators/site/usage-pages.js';
import { tinyModel } from '../pipeline/tiny-model.js';
import { USAGE_README } from './fixtures.js';

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
});

describe('the "Using the package" pages', () => {
  const pages = renderUsagePages({ readme: USAGE_README });
  const page = (file: string) => pages.find((p) => p.file === file)!.html;

  it('one page per topic, each with its title, the list of the pages and its README sections', () => {
    expect(pages.map((p) => p.file)).toEqual(['install.html', 'command-line.html', 'vitest.html', 'live-traffic.html', 'client.html', 'mock.html', 'entry-points.html']);
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

  it('the search index lists their headings and lead-ins, error codes and limits, each with its anchor', () => {
    const entries = searchEntries(tinyModel(), pages);
    expect(entries).toContainEqual(['Exit codes', 'Checking captured responses: the command line', 'command-line.html#exit-codes']);
    expect(entries).toContainEqual(['Retries', 'The client and the request builders', 'client.html#retries']);
    expect(entries).toContainEqual(['code 11: User request limit reached', 'error code, HTTP 200', 'index.html#error-11']);
    expect(entries).toContainEqual(['Profiles per metrics request: 25 (profilesPerMetricsRequest)', 'limit, an excess gives code 4', 'index.html#limit-profilesPerMetricsRequest']);
  });
});

describe('the project README and its pages', () => {
  const source = readUsageSource(ROOT);

  it('every code block of a picked section is on its page, character for character (npm run check:generated keeps the committed pages equal to these)', () => {
    let blocks = 0;
    for (const usage of USAGE_PAGES) {
      const { html } = renderUsagePage(usage, source);
      for (const pick of usage.picks) {
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

  it('every section of the README is on a page, or is one left out on purpose (for contributors, or the site itself)', () => {
    const LEFT_OUT = [/^working on the package/i, /^the docs site/i, /^releasing/i, /^more$/i];
    const picked = USAGE_PAGES.flatMap((p) => p.picks.map((pick) => pick.heading));
    const orphans = readmeSections(source.readme)
      .filter((s) => s.level === 2)
      .map((s) => headingText(s.title))
      .filter((title) => !picked.some((h) => h.test(title)) && !LEFT_OUT.some((l) => l.test(title)));
    expect(orphans, 'README sections on no "Using the package" page: add them to USAGE_PAGES in scripts/generators/site/usage-pages.ts or to LEFT_OUT here').toEqual([]);
  });
});
