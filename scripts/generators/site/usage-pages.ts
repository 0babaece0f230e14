/**
 * The "Using the package" pages: the README's sections for the package's users (install, the
 * quick start, the command line with its reporters and exit codes, the test matchers, the
 * client and builders, the mock server, the entry points), rendered from README.md itself at
 * generation time, so the site and the README cannot say different things
 * (`npm run check:generated` names a page that is older than its README section); the pages of
 * docs/ that those sections link (the CI workflows, the mock as a service, the splitting rules),
 * each rendered whole; and the command line reference, every command's `--help` (cli-page.ts).
 * A page picks its README sections by a pattern of their heading (readme-sections.ts): added or
 * renamed subsections come along; a section whose heading no longer matches fails generation,
 * naming the pattern and the README's headings. A README link to a page's document becomes a
 * link to the page, so every page the README's user sections link is on the site.
 */
import { posix } from 'node:path';
import { renderCliPage, type CommandHelp } from './cli-page.js';
import { escapeHtml, page } from './html.js';
import { renderMarkdown, type MarkdownAnchor } from './markdown.js';
import { CHANGES_PAGE } from './pages.js';
import { pickSection, type SectionPick } from './readme-sections.js';

export const SCRIPT = 'scripts/generators/site/usage-pages.ts';

/**
 * One page: its file, title, what the index says it holds, and what it shows: README sections
 * (`picks`), a Markdown document of docs/ whole (`document`, whose `#` heading is the title), or
 * every command's help (`help`).
 */
export interface UsagePage {
  file: string;
  title: string;
  /** Its name in the list of pages at the top of each page. */
  short: string;
  summary: string;
  picks?: readonly SectionPick[];
  document?: string;
  help?: true;
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
  { file: 'ci.html', title: 'Validating captured responses in CI', short: 'CI workflows', summary: 'complete GitHub Actions and GitLab CI workflow files that validate, annotate and summarise; report paths; large inputs', document: 'docs/ci.md' },
  { file: 'cli.html', title: 'Command line reference', short: 'CLI reference', summary: 'the options of validate, merge-reports, mock, proxy and rules, each anchored', help: true },
  { file: 'vitest.html', title: 'In your tests: validateResponse and the matchers (vitest, jest)', short: 'Test matchers', summary: 'validateResponse, captureCases and toBeValidResponse in vitest and jest', picks: [{ heading: /in your own tests/i }] },
  { file: 'live-traffic.html', title: 'Validate live traffic: the proxy and the recorder', short: 'Live traffic', summary: 'the validating, recording proxy, the client recorder and toSatisfyApi', picks: [{ heading: /live traffic/i }] },
  { file: 'client.html', title: 'The client and the request builders', short: 'Client and builders', summary: 'createClient and its options, errors, splitting; builders, unions and typed answers', picks: [{ heading: /^the client\b/i }, { heading: /^request builders/i }] },
  { file: 'metrics-splitting.html', title: 'Splitting big metrics requests: exact merges only, planned before sending', short: 'Splitting', summary: 'how client.metrics() splits a request over the limits, and when it refuses', document: 'docs/decisions/metrics-splitting.md' },
  { file: 'mock.html', title: 'The mock server', short: 'Mock server', summary: 'startMockServer and the mock command, its data, errors, faults and CORS', picks: [{ heading: /mock server/i }] },
  { file: 'mock-service.html', title: 'The mock server: its edges, and as a CI or compose service', short: 'Mock service', summary: 'budgets, Prefer, bounds; the mock as a container image, a compose service and a GitHub Actions service', document: 'docs/mock-service.md' },
  { file: 'testing.html', title: 'Tests without the network: msw handlers, fixtures and arbitraries', short: 'Tests without network', summary: 'msw handlers answering as the mock, validateAnswers, seeded fixtures, fast-check arbitraries', picks: [{ heading: /^tests without the network/i }] },
  { file: 'component-tests.html', title: 'Tests without the network: a component test, and every option', short: 'Component tests', summary: 'a complete component test with msw and fixtures; the options of the handlers, fixtures and arbitraries', document: 'docs/testing-without-network.md' },
  { file: 'entry-points.html', title: 'Entry points', short: 'Entry points', summary: 'what each import of the package gives', picks: [{ heading: /^entry points/i }] },
];

/** The page of each document of docs/ shown on the site: `docs/ci.md` -> `ci.html`. */
const DOCUMENT_PAGES: ReadonlyMap<string, string> = new Map(USAGE_PAGES.flatMap((p) => (p.document ? [[p.document, p.file]] : [])));

/** The documents of docs/ the site shows, for the site step to read. */
export const SITE_DOCUMENTS: readonly string[] = [...DOCUMENT_PAGES.keys()];

/** What the site step needs from the project besides the catalogs. */
export interface UsageSource {
  readme: string;
  /** The text of each of SITE_DOCUMENTS, by its path. */
  documents?: Readonly<Record<string, string>>;
  /** Every command's help, for the command line reference. */
  help?: readonly CommandHelp[];
  /** package.json's repository web address (`https://host/owner/repo`), for links to files of the repository. */
  repository?: string;
  /** package.json's homepage: the docs site's address, whose links become links between pages. */
  homepage?: string;
}

/** The header bar's ids, and the page's own (the note under its title), which the Markdown's ids must not take. */
const FRAME_IDS = ['filter', 'search-results', 'about'];

/**
 * Where a link of the README (or, `from`, of a document of docs/) goes on the site: a site page
 * stays a page (also when written as an address under the homepage), a document shown on the site
 * is its page (`docs/ci.md#large-inputs` -> `ci.html#large-inputs`; relative to the linking
 * document's folder), CHANGELOG.md is the Changes page, another file of the repository is that
 * file in the repository (text only when the repository is not known), another address stays as
 * it is; an anchor alone stays on a document's page, and is text only in the README, whose
 * sections are on several pages.
 */
export function siteLink(href: string, source: Pick<UsageSource, 'repository' | 'homepage'>, from?: string): string | undefined {
  const home = source.homepage?.replace(/\/?$/, '/');
  let target = home && href.startsWith(home) ? href.slice(home.length) || 'index.html' : href;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return /^https?:/i.test(target) ? target : undefined;
  if (target.startsWith('#')) return from ? target : undefined;
  target = target.replace(/^\.\//, '');
  const [file, hash] = target.split('#');
  if (/^[\w.-]+\.html$/.test(file)) return target;
  const path = from && !file.startsWith('/') ? posix.normalize(posix.join(posix.dirname(from), file)) : file;
  const documentPage = DOCUMENT_PAGES.get(path);
  if (documentPage) return hash === undefined ? documentPage : `${documentPage}#${hash}`;
  if (path === 'CHANGELOG.md') return CHANGES_PAGE;
  return source.repository ? `${source.repository.replace(/\/$/, '')}/blob/HEAD/${hash === undefined ? path : `${path}#${hash}`}` : undefined;
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

/** The body of a page made of README sections: each section's Markdown, a heading of its own when the page has several. */
function readmeParts(picks: readonly SectionPick[], source: UsageSource, ids: Set<string>, anchors: MarkdownAnchor[]): string[] {
  const link = (href: string) => siteLink(href, source);
  return picks.map((pick) => {
    const section = pickSection(source.readme, pick);
    const single = picks.length === 1;
    const rendered = renderMarkdown(section.body, { topLevel: single ? 2 : 3, sourceTopLevel: section.level + 1, link, ids });
    if (single) {
      anchors.push(...rendered.anchors);
      return rendered.html;
    }
    const heading = renderMarkdown(`## ${section.title}`, { topLevel: 2, sourceTopLevel: 2, link, ids });
    anchors.push(...heading.anchors, ...rendered.anchors);
    return `${heading.html}\n${rendered.html}`;
  });
}

/** The body of a page made of a document of docs/: all of it below its `#` heading, which must be the page's title. */
function documentPart(usage: UsagePage & { document: string }, source: UsageSource, ids: Set<string>, anchors: MarkdownAnchor[]): string {
  const text = source.documents?.[usage.document];
  if (text === undefined) throw new Error(`docs site: ${usage.document} is missing; ${usage.file} is made from it`);
  const title = /^# (.+)\n/.exec(text)?.[1];
  if (title !== usage.title) throw new Error(`docs site: ${usage.document} is headed ${JSON.stringify(title ?? '(no # heading)')}, not ${JSON.stringify(usage.title)}, the title of ${usage.file} (scripts/generators/site/usage-pages.ts)`);
  const rendered = renderMarkdown(text.slice(text.indexOf('\n') + 1), { topLevel: 2, sourceTopLevel: 2, link: (href) => siteLink(href, source, usage.document), ids });
  anchors.push(...rendered.anchors);
  return rendered.html;
}

export function renderUsagePage(usage: UsagePage, source: UsageSource): RenderedUsagePage {
  const ids = new Set(FRAME_IDS);
  // The page itself is in the search index by its title (`vitest` finds the vitest page).
  const anchors: MarkdownAnchor[] = [{ id: 'about', text: usage.title, kind: 'heading', what: 'page' }];
  let parts: string[];
  let from: string;
  if (usage.help) {
    const cli = renderCliPage(source.help ?? [], ids);
    anchors.push(...cli.anchors);
    parts = [cli.html];
    from = "the commands' --help";
  } else if (usage.document) {
    parts = [documentPart({ ...usage, document: usage.document }, source, ids, anchors)];
    from = `the package's ${usage.document}`;
  } else {
    parts = readmeParts(usage.picks ?? [], source, ids, anchors);
    from = "the package's README";
  }
  const body = [`<p class="note" id="about">From ${escapeHtml(from)}: ${escapeHtml(usage.summary)}.</p>`, pageNav(usage), ...parts].join('\n');
  return { file: usage.file, title: usage.title, html: page({ generator: SCRIPT, title: usage.title, body }), anchors };
}

/** Every "Using the package" page. */
export function renderUsagePages(source: UsageSource): RenderedUsagePage[] {
  return USAGE_PAGES.map((p) => renderUsagePage(p, source));
}
