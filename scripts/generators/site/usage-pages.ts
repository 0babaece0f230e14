/**
 * The "Using the package" pages: the README's sections for the package's users (install, the
 * quick start, the command line with its reporters and exit codes, the vitest matcher, the
 * client and builders, the mock server, the entry points), rendered from README.md itself at
 * generation time, so the site and the README cannot say different things
 * (`npm run check:generated` names a page that is older than its README section). A page picks
 * its sections by a pattern of their heading (readme-sections.ts): added or renamed
 * subsections come along; a section whose heading no longer matches fails generation, naming
 * the pattern and the README's headings.
 */
import { escapeHtml, page } from './html.js';
import { renderMarkdown, type MarkdownAnchor } from './markdown.js';
import { CHANGES_PAGE } from './pages.js';
import { pickSection, type SectionPick } from './readme-sections.js';

export const SCRIPT = 'scripts/generators/site/usage-pages.ts';

/** One page: its file, title, what the index says it holds, and the README sections it shows. */
export interface UsagePage {
  file: string;
  title: string;
  /** Its name in the list of pages at the top of each page. */
  short: string;
  summary: string;
  picks: readonly SectionPick[];
}

/** The pages, in reading order. The headings they rely on are listed in docs/architecture.md. */
export const USAGE_PAGES: readonly UsagePage[] = [
  { file: 'install.html', title: 'Install and quick start', short: 'Install', summary: 'what runs on install, the requirements, a first program against the mock', picks: [{ heading: /^install\b/i }, { heading: /^quick start/i }] },
  {
    file: 'command-line.html',
    title: 'Checking captured responses: the command line',
    short: 'Command line',
    summary: 'capture and HAR files, validate, reporters, exit codes, strict mode and rule ids',
    picks: [{ heading: /captured responses/i, without: [/in your own tests/i] }],
  },
  { file: 'vitest.html', title: 'In your tests: validateResponse and the matchers (vitest, jest)', short: 'Test matchers', summary: 'validateResponse, captureCases and toBeValidResponse in vitest and jest', picks: [{ heading: /in your own tests/i }] },
  { file: 'live-traffic.html', title: 'Validate live traffic: the proxy and the recorder', short: 'Live traffic', summary: 'the validating, recording proxy, the client recorder and toSatisfyApi', picks: [{ heading: /live traffic/i }] },
  { file: 'client.html', title: 'The client and the request builders', short: 'Client and builders', summary: 'createClient and its options, errors, splitting; builders, unions and typed answers', picks: [{ heading: /^the client\b/i }, { heading: /^request builders/i }] },
  { file: 'mock.html', title: 'The mock server', short: 'Mock server', summary: 'startMockServer and the mock command, its data, errors, faults and CORS', picks: [{ heading: /mock server/i }] },
  { file: 'entry-points.html', title: 'Entry points', short: 'Entry points', summary: 'what each import of the package gives', picks: [{ heading: /^entry points/i }] },
];

/** What the site step needs from the project besides the README. */
export interface UsageSource {
  readme: string;
  /** package.json's repository web address (`https://host/owner/repo`), for links to files of the repository. */
  repository?: string;
  /** package.json's homepage: the docs site's address, whose links become links between pages. */
  homepage?: string;
}

/** The header bar's ids, which the Markdown's ids must not take. */
const FRAME_IDS = ['filter', 'search-results'];

/**
 * Where a README link goes on the site: a site page stays a page (also when written as an
 * address under the homepage), CHANGELOG.md is the Changes page, a file of the repository is
 * that file in the repository (text only when the repository is not known), another address
 * stays as it is, an anchor of the README is text only.
 */
export function siteLink(href: string, source: Pick<UsageSource, 'repository' | 'homepage'>): string | undefined {
  const home = source.homepage?.replace(/\/?$/, '/');
  let target = home && href.startsWith(home) ? href.slice(home.length) || 'index.html' : href;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return /^https?:/i.test(target) ? target : undefined;
  if (target.startsWith('#')) return undefined;
  target = target.replace(/^\.\//, '');
  const file = target.split('#')[0];
  if (/^[\w.-]+\.html$/.test(file)) return target;
  if (file === 'CHANGELOG.md') return CHANGES_PAGE;
  return source.repository ? `${source.repository.replace(/\/$/, '')}/blob/HEAD/${target}` : undefined;
}

/** A rendered page: its HTML and the anchors the search index lists. */
export interface RenderedUsagePage {
  file: string;
  title: string;
  html: string;
  anchors: MarkdownAnchor[];
}

function pageNav(current: UsagePage): string {
  const items = USAGE_PAGES.map((p) => `<li><a href="${p.file}"${p === current ? ' aria-current="page"' : ''}>${escapeHtml(p.short)}</a></li>`);
  return `<nav class="pages" aria-label="Using the package">\n<ul>\n${items.join('\n')}\n</ul>\n</nav>`;
}

export function renderUsagePage(usage: UsagePage, source: UsageSource): RenderedUsagePage {
  const ids = new Set(FRAME_IDS);
  const link = (href: string) => siteLink(href, source);
  const anchors: MarkdownAnchor[] = [];
  const parts = usage.picks.map((pick) => {
    const section = pickSection(source.readme, pick);
    const single = usage.picks.length === 1;
    const rendered = renderMarkdown(section.body, { topLevel: single ? 2 : 3, sourceTopLevel: section.level + 1, link, ids });
    if (single) {
      anchors.push(...rendered.anchors);
      return rendered.html;
    }
    const heading = renderMarkdown(`## ${section.title}`, { topLevel: 2, sourceTopLevel: 2, link, ids });
    anchors.push(...heading.anchors, ...rendered.anchors);
    return `${heading.html}\n${rendered.html}`;
  });
  const body = [
    `<p class="note">From the package's README: ${escapeHtml(usage.summary)}.</p>`,
    pageNav(usage),
    ...parts,
  ].join('\n');
  return { file: usage.file, title: usage.title, html: page({ generator: SCRIPT, title: usage.title, body }), anchors };
}

/** Every "Using the package" page. */
export function renderUsagePages(source: UsageSource): RenderedUsagePage[] {
  return USAGE_PAGES.map((p) => renderUsagePage(p, source));
}
