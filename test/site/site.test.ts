/**
 * The docs site in a real browser: the test builds it first as `npm run docs` does (the pages
 * of generated/site/ plus the Redoc references, into a temp folder), then opens it in Debian's
 * Chromium driven by playwright-core, served from 127.0.0.1. Every page loads with no console
 * error and no failed or external request; every catalog metric and post field appears on its
 * page; the filter box narrows the tables; every link of every page, and every entry of the
 * search index, finds its page and anchor. At 390 px (a phone) and 1280 px (a laptop) every page
 * fits the window's width, its header bar spans it, no identifier breaks across lines, the search
 * box finds "FANS CHANGE", and axe-core finds no WCAG 2 A/AA violation. A screenshot of each page
 * goes to test-artifacts/site/.
 *
 * Browser work is done once per page and width: each page's own test (1280 px, a laptop) also
 * measures its layout, runs axe and the search box, and records its links and element ids; the
 * link, search-index and 1280 px tests judge what those visits recorded instead of loading every
 * page again. Only the 390 px pass loads the pages a second time.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { parse } from 'yaml';
import { catalogs } from '../../src/catalog/catalogs.js';
import { operations } from '../../generated/operations.js';
import { buildDocsSite } from '../../scripts/docs/build-site.js';
import { USAGE_PAGES } from '../../scripts/generators/site/usage-pages.js';
import { axeSource, axeViolations } from './axe.js';
import { BROWSER_HANG_GUARD_MS, hangGuardOnly, launchChromium, openPage } from './browser.js';
import { measureLayout } from './layout.js';
import { lighthouseStyleProblems } from './lighthouse-style.js';
import { serveFolder, type StaticServer } from './static-server.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** The built site: a temp folder, filled in beforeAll. */
const SITE = mkdtempSync(join(tmpdir(), 'sa-docs-site-'));
const SCREENSHOTS = join(ROOT, 'test-artifacts/site');

const VERSIONS = [1, 2] as const;
/** The widths the layout checks run at: a phone, and a laptop (the window of every page test). */
const PHONE = 390;
const LAPTOP = 1280;
const WIDTHS = [PHONE, LAPTOP];
/** axe.min.js, put into the pages. */
const AXE = axeSource();
const catalogPagesOf = () =>
  VERSIONS.flatMap((version) => catalogs[`v${version}`].networks.map((network) => ({ version, network, file: `v${version}-${network}.html` })));
const REFERENCE_PAGES = ['v1.html', 'v2.html'];
/**
 * Only a hang guard for a full-page screenshot: the rules page, the longest, takes about 10 s
 * alone and more than playwright's default 30 s beside four other pages on a loaded machine.
 */
const SCREENSHOT_GUARD_MS = 180_000;
/** The "Using the package" pages (README sections). */
const USAGE_FILES = USAGE_PAGES.map((p) => p.file);
const EXPECTED_PAGES = ['index.html', 'migration.html', 'rules.html', 'changes.html', ...USAGE_FILES, ...REFERENCE_PAGES, ...catalogPagesOf().map((p) => p.file)].sort();
const sitePages = () => readdirSync(SITE).filter((f) => f.endsWith('.html')).sort();

let browser: Browser;
let server: StaticServer;

/** What a page's own test saw at 1280 px, judged by the link, search-index and 1280 px tests. */
interface LaptopVisit {
  /** Every link of the page, resolved. */
  hrefs: string[];
  /** Every element id of the page once it is rendered. */
  ids: Set<string>;
  /** The 1280 px checks' problems (layout, Lighthouse-style, search box, axe), one line each. */
  problems: string[];
  /** How many identifiers the layout checks looked at. */
  identifiers: number;
}
const laptop = new Map<string, LaptopVisit>();
/** The record of a page's visit; fails naming the page when its test did not get that far. */
function visited(file: string): LaptopVisit {
  const visit = laptop.get(file);
  if (!visit) throw new Error(`${file} was not visited: its page test failed before recording what it shows`);
  return visit;
}

beforeAll(async () => {
  await buildDocsSite(ROOT, SITE);
  browser = await launchChromium();
  server = await serveFolder(SITE);
  for (const width of WIDTHS) mkdirSync(join(SCREENSHOTS, `${width}`), { recursive: true });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(SITE, { recursive: true, force: true });
});

/** The hrefs of a page's links (resolved) and whether each id exists there, read in the browser. */
async function linksAndIds(page: Page, ids: readonly string[] = []) {
  return page.evaluate((wanted) => ({
    hrefs: Array.from(document.querySelectorAll('a[href]'), (a) => (a as HTMLAnchorElement).href),
    missing: wanted.filter((id) => document.getElementById(id) === null),
  }), ids);
}

type Expect = typeof expect;
type CatalogPageCase = ReturnType<typeof catalogPagesOf>[number];

/** Opens a page of the site and waits until its main content is rendered. */
async function load(file: string, check: Expect = expect) {
  const opened = await openPage(browser, server.origin);
  const response = await opened.page.goto(`${server.origin}/${file}`, { waitUntil: 'load' });
  check(response?.status(), file).toBe(200);
  if (REFERENCE_PAGES.includes(file)) {
    // Redoc renders in the browser: wait for its content column and the API title.
    await opened.page.waitForSelector('.api-content [data-component-name="Typography/H1"]');
    await opened.page.waitForSelector('[data-component-name="Menu/MenuItem"]');
  } else {
    await opened.page.waitForSelector('main h1');
  }
  return opened;
}

/** A Redoc page shows its version's title and tags, and embeds every operation of the version. */
async function checkReferencePage(page: Page, file: string, check: Expect) {
  const version = Number(file[1]);
  // A clean title: "Social analytics API v2", not "... version 2 (2)".
  await check(page.locator('.api-content h1').first().textContent()).resolves.toBe(`Social analytics API v${version}`);
  await check(page.title()).resolves.toBe(`Social analytics API v${version}`);
  const document = parse(readFileSync(join(ROOT, `generated/openapi/v${version}.yaml`), 'utf8')) as {
    tags: { name: string }[];
    paths: Record<string, Record<string, { summary: string; tags?: string[]; requestBody?: unknown }>>;
  };
  // Open each tag of the sidebar in turn; every operation of the spec is listed by its summary.
  const menu = page.locator('[data-component-name="Menu/MenuItem"]');
  let listed = '';
  const operationsOf = Object.values(document.paths).flatMap((item) => Object.values(item));
  for (const tag of document.tags) {
    await menu.getByText(tag.name, { exact: true }).first().click();
    // Wait (bounded, only to catch a hang) until the tag's operations are listed; the check below names any missing.
    const ofTag = operationsOf.filter((op) => op.tags?.includes(tag.name)).map((op) => op.summary);
    await page
      .waitForFunction((names) => {
        const text = Array.from(window.document.querySelectorAll('[data-component-name="Menu/MenuItem"]'), (item) => item.textContent ?? '').join('|');
        return names.every((name) => text.includes(name));
      }, ofTag)
      .catch(() => undefined);
    listed += (await menu.allTextContents()).join('|');
  }
  const summaries = operationsOf.map((op) => op.summary);
  check(summaries.length).toBeGreaterThan(0);
  check(summaries.filter((summary) => !listed.includes(summary)), 'operations missing from the sidebar').toEqual([]);
  // An operation of the tag opened last shows its request example.
  const lastTag = document.tags[document.tags.length - 1].name;
  const withBody = Object.values(document.paths).flatMap((item) => Object.values(item)).find((op) => op.tags?.includes(lastTag) && op.requestBody);
  check(withBody, `an operation with a request body under ${lastTag}`).toBeDefined();
  await menu.getByText(withBody!.summary, { exact: true }).first().click();
  await page.locator('.api-content').getByText('"profiles"').first().waitFor();
  const html = readFileSync(join(SITE, file), 'utf8');
  const ids = operations.filter((op) => op.version === version).map((op) => op.operationId);
  check(ids.length).toBeGreaterThan(0);
  check(ids.filter((id) => !html.includes(id)), 'operations missing from the page').toEqual([]);
}

/** A catalog page lists every metric and post field with its anchor, and the filter box narrows the tables. */
async function checkCatalogPage(page: Page, { version, network }: CatalogPageCase, check: Expect) {
  const catalog = catalogs[`v${version}`];
  const metrics = (catalog.metrics as Record<string, readonly { name: string }[]>)[network].map((m) => m.name);
  const posts = (catalog.posts as Record<string, { fields: readonly { name: string }[] } | undefined>)[network];

  const rowNames = (table: string) =>
    page.$$eval(`${table} tbody tr`, (rows) => rows.map((r) => ({ id: r.id, name: r.querySelector('td')?.textContent?.trim().split(/\s/)[0] ?? '' })));
  const metricRows = await rowNames('#metrics-table');
  check(metricRows.map((r) => r.name)).toEqual(metrics);
  check(metricRows.map((r) => r.id)).toEqual(metrics.map((m) => `metric-${m}`));
  if (posts) {
    const fieldRows = await rowNames('#fields-table');
    check(fieldRows.map((r) => r.name)).toEqual(posts.fields.map((f) => f.name));
    check(fieldRows.map((r) => r.id)).toEqual(posts.fields.map((f) => `field-${f.name}`));
  } else {
    await check(page.locator('#fields-table').count()).resolves.toBe(0);
  }

  // Type a metric name that does not occur in every row; exactly the rows holding it stay visible.
  const texts = await page.$$eval('table.filterable tbody tr', (rows) => rows.map((r) => (r.textContent ?? '').toLowerCase()));
  const query = metrics.find((m) => texts.filter((t) => t.includes(m)).length < texts.length);
  check(query, 'a metric name that narrows the table').toBeDefined();
  await page.locator('#filter').pressSequentially(query!);
  const visible = () => page.$$eval('table.filterable tbody tr', (rows) => rows.filter((r) => !(r as HTMLElement).hidden).map((r) => r.id));
  const shown = await visible();
  check(shown.length).toBeGreaterThan(0);
  check(shown.length).toBeLessThan(texts.length);
  check(shown).toContain(`metric-${query}`);
  check(shown.length).toBe(texts.filter((t) => t.includes(query!)).length);
  await check(page.locator('#metrics-table-count').textContent()).resolves.toMatch(new RegExp(`^\\d+ of ${metrics.length}$`));
  await page.locator('#filter').fill('');
  check((await visible()).length).toBe(texts.length);
}

describe('docs site pages', () => {
  it('has exactly the expected pages', () => {
    expect(sitePages()).toEqual(EXPECTED_PAGES);
  });

  const cases = EXPECTED_PAGES.map((file) => ({ file, catalog: catalogPagesOf().find((c) => c.file === file) }));
  // A generous bound, only to catch a hang: a page test also runs the 1280 px checks (axe twice).
  it.concurrent.for(cases)('$file loads with no console error and no failed or external request, and shows its content', { timeout: 900_000 }, async ({ file, catalog }, { expect: check }) => {
    const { page, problems, requests } = await load(file, check);
    const reference = REFERENCE_PAGES.includes(file);
    // Let late work (hydration, lazy chunks, images) happen before judging.
    if (reference) await page.waitForLoadState('networkidle');
    // As rendered: its links and ids (for the link tests), then the 1280 px checks (for the width test).
    const { hrefs, ids } = await page.evaluate(() => ({
      hrefs: Array.from(document.querySelectorAll('a[href]'), (a) => (a as HTMLAnchorElement).href),
      ids: Array.from(document.querySelectorAll('[id]'), (el) => el.id),
    }));
    const width = await laptopChecks(page, file);
    // The search box check leaves its words typed in: cleared before the page's own checks.
    if ((await page.locator('#filter').count()) === 1) await page.locator('#filter').fill('');
    if (reference) await checkReferencePage(page, file, check);
    if (catalog) await checkCatalogPage(page, catalog, check);
    await page.screenshot({ path: join(SCREENSHOTS, file.replace(/\.html$/, '.png')), fullPage: !reference, timeout: SCREENSHOT_GUARD_MS });
    if (reference) {
      // The route that shows the longest names, measured too.
      const route = await routeLayoutProblems(page, file, LAPTOP);
      width.problems.push(...route.problems);
      width.identifiers += route.identifiers;
    }
    laptop.set(file, { hrefs, ids: new Set(ids), ...width });
    check(problems, `${file}: ${problems.join('\n')}`).toEqual([]);
    check(requests[0]).toBe(`${server.origin}/${file}`);
    await page.context().close();
  });
});

// A test's own bound: a hang guard past the several page loads it waits for, each bounded by BROWSER_HANG_GUARD_MS.
describe('links', { timeout: 5 * BROWSER_HANG_GUARD_MS }, () => {
  it('every link of the index resolves to a page and anchor that exist', async () => {
    const hrefs = [...new Set(visited('index.html').hrefs)];
    expect(hrefs.length).toBeGreaterThan(EXPECTED_PAGES.length - 2);
    const byPage = new Map<string, string[]>();
    for (const href of hrefs) {
      const url = new URL(href);
      expect(url.origin, href).toBe(server.origin);
      const anchors = byPage.get(url.pathname) ?? [];
      if (url.hash) anchors.push(decodeURIComponent(url.hash.slice(1)));
      byPage.set(url.pathname, anchors);
    }
    // Every page except the index itself is linked from the index.
    expect([...byPage.keys()].map((p) => p.slice(1)).filter((p) => p !== 'index.html').sort()).toEqual(EXPECTED_PAGES.filter((p) => p !== 'index.html'));
    // Each link's anchor is in the page it lands on, as that page's test recorded it; a link to
    // anything else is followed in one tab.
    let tab: Awaited<ReturnType<typeof openPage>> | undefined;
    for (const [path, anchors] of byPage) {
      const file = path === '/' ? 'index.html' : decodeURIComponent(path.slice(1));
      if (EXPECTED_PAGES.includes(file)) {
        const { ids } = visited(file);
        for (const id of anchors) expect(ids.has(id), `${path}#${id}`).toBe(true);
        continue;
      }
      tab ??= await openPage(browser, server.origin);
      const response = await tab.page.goto(`${server.origin}${path}`, { waitUntil: 'domcontentloaded' });
      expect(response?.status(), path).toBe(200);
      expect((await linksAndIds(tab.page, anchors)).missing.map((id) => `${path}#${id}`)).toEqual([]);
    }
    await tab?.page.context().close();
  });

  it('every link of every hand-written page finds its page and anchor', () => {
    // Every link of the pages, grouped by the page it points to.
    const targets = new Map<string, Set<string>>();
    let checked = 0;
    for (const file of EXPECTED_PAGES.filter((p) => !REFERENCE_PAGES.includes(p))) {
      for (const href of visited(file).hrefs) {
        const url = new URL(href);
        // A README link to the repository (a "Using the package" page) leaves the site: https, not followed.
        if (url.origin !== server.origin && USAGE_FILES.includes(file)) {
          expect(url.protocol, `${file}: ${href}`).toBe('https:');
          continue;
        }
        expect(url.origin, `${file}: ${href}`).toBe(server.origin);
        checked++;
        const anchors = targets.get(url.pathname.slice(1)) ?? new Set<string>();
        if (url.hash) anchors.add(decodeURIComponent(url.hash.slice(1)));
        targets.set(url.pathname.slice(1), anchors);
      }
    }
    expect(checked).toBeGreaterThan(100);
    const broken: string[] = [];
    for (const [file, anchors] of targets) {
      if (!EXPECTED_PAGES.includes(file)) {
        broken.push(`${file} (no such page)`);
        continue;
      }
      if (REFERENCE_PAGES.includes(file) || anchors.size === 0) continue;
      const { ids } = visited(file);
      broken.push(...[...anchors].filter((id) => !ids.has(id)).map((id) => `${file}#${id} (no element with that id)`));
    }
    expect(broken).toEqual([]);
  });
});

describe('as readers use it', { timeout: 5 * BROWSER_HANG_GUARD_MS }, () => {
  it('an anchor jump lands below the sticky header bar, not under it', async () => {
    const { page } = await load('v2-facebook.html');
    await page.goto(`${server.origin}/v2-facebook.html#metric-insights_activity`);
    // No sleep: wait until the scroll position holds still over two frames.
    await page.waitForFunction(() => new Promise<boolean>((settled) => {
      const y = window.scrollY;
      requestAnimationFrame(() => requestAnimationFrame(() => settled(window.scrollY === y)));
    }));
    const { bar, row } = await page.evaluate(() => ({
      bar: document.querySelector('header.site')!.getBoundingClientRect().bottom,
      row: document.getElementById('metric-insights_activity')!.getBoundingClientRect().top,
    }));
    expect(row).toBeGreaterThanOrEqual(bar);
    expect(row).toBeLessThan(300);
    await page.context().close();
  });

  it('the filter box finds names on other pages, and its links land on their rows', async () => {
    const { page } = await load('v2-facebook.html');
    await page.locator('#filter').pressSequentially('followers_lifetime');
    const links = await page.$$eval('#search-results a', (as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href')));
    expect(links).toContain('v2-instagram.html#metric-followers_lifetime');
    expect(links).toContain('v1-twitter.html#metric-followers_lifetime');
    expect(links.filter((l) => l!.startsWith('v2-facebook.html'))).toEqual([]);
    await page.locator('#search-results a[href="v2-instagram.html#metric-followers_lifetime"]').click();
    await page.waitForURL(/v2-instagram\.html#metric-followers_lifetime$/);
    await expect(page.evaluate(() => document.getElementById('metric-followers_lifetime') !== null)).resolves.toBe(true);
    await page.locator('#filter').fill('v2.metrics.header');
    await expect(page.$$eval('#search-results a', (as) => as.map((a) => a.getAttribute('href')))).resolves.toContain('rules.html#v2.metrics.header-order');
    await page.context().close();
  });

  it('the search box finds an error code, a limit, a rule id and a topic of the "Using the package" pages', async () => {
    const { page } = await load('install.html');
    const found = async (query: string) => {
      await page.locator('#filter').fill(query);
      return page.$$eval('#search-results a', (as) => as.map((a) => a.getAttribute('href')));
    };
    expect(await found('code 4')).toContain('index.html#error-4');
    expect(await found('profiles per metrics request')).toEqual(['index.html#limit-profilesPerMetricsRequest']);
    expect(await found('dateRangeMonths')).toEqual(['index.html#limit-dateRangeMonths']);
    expect(await found('shared.response.no-extra-members')).toContain('rules.html#shared.response.no-extra-members');
    expect(await found('exit codes')).toContain('command-line.html#exit-codes');
    await found('code 4');
    await page.locator('#search-results a[href="index.html#error-4"]').click();
    await page.waitForURL(/index\.html#error-4$/);
    await expect(page.evaluate(() => document.getElementById('error-4')?.textContent)).resolves.toMatch(/^4Profiles, metrics or date range limit exceeded/);
    await page.context().close();
  });

  it('the search box finds reporters, CI systems, the test runner and command line options by their names, and lands on them', async () => {
    const { page } = await load('install.html');
    const found = async (query: string) => {
      await page.locator('#filter').fill(query);
      return page.$$eval('#search-results a', (as) => as.map((a) => a.getAttribute('href')));
    };
    for (const reporter of ['sarif', 'junit', 'github', 'markdown', 'json', 'text']) expect(await found(reporter), reporter).toContain(`command-line.html#${reporter}`);
    expect(await found('github actions')).toContain('ci.html#github-actions');
    expect(await found('GitLab CI')).toContain('ci.html#gitlab-ci');
    expect(await found('shard')).toContain('ci.html#sharding-a-large-capture-set');
    expect(await found('vitest')).toContain('vitest.html#about');
    expect(await found('jest')).toContain('vitest.html#about');
    expect(await found('compose service')).toContain('mock-service.html#about');
    expect(await found('--strict')).toEqual(expect.arrayContaining(['cli.html#validate-strict', 'cli.html#proxy-strict']));
    expect(await found('--reporter')).toContain('cli.html#validate-reporter');
    expect(await found('--budget-user')).toEqual(['cli.html#mock-budget-user']);
    expect(await found('--root')).toContain('cli.html#validate-root');
    await page.locator('#search-results a[href="cli.html#validate-root"]').click();
    await page.waitForURL(/cli\.html#validate-root$/);
    await expect(page.evaluate(() => document.getElementById('validate-root')?.parentElement?.textContent)).resolves.toContain('--root DIR');
    await page.context().close();
  });

  it('every link of a Redoc sidebar works opened in a new tab: it lands on the page and shows its section', { timeout: 600_000 }, async () => {
    const { page } = await load('v2.html');
    const sidebar = () => page.$$eval('#redoc [data-component-name="Menu/Menu"] a[href]', (as) => as.map((a) => ({ href: a.getAttribute('href') ?? '', label: a.textContent?.trim() ?? '' })));
    const top = await sidebar();
    // A tag's operations are listed once the tag is opened.
    await page.locator('[data-component-name="Menu/MenuItem"]').getByText('Metrics', { exact: true }).first().click();
    await page.locator('#redoc [data-component-name="Menu/Menu"] a[href^="#/metrics/"]').first().waitFor();
    const links = [...top, ...(await sidebar())];
    // Every link stays on this page: a hash route, which a new tab loads as v2.html and Redoc routes.
    const resolved = links.map((l) => new URL(l.href, page.url()).href);
    expect(resolved.filter((url) => !url.startsWith(`${server.origin}/v2.html#/`)), 'sidebar links that leave the page').toEqual([]);
    expect(links.length).toBeGreaterThanOrEqual(6);
    // Opened in a new tab, a tag's link (prerendered) and an operation's link (rendered by Redoc) show their section.
    const wanted = [links.find((l) => l.href.endsWith('/metrics'))!, links.find((l) => l.href.includes('/metrics/'))!];
    const context = page.context();
    for (const { href, label } of wanted) {
      const tab = await context.newPage();
      const url = new URL(href, page.url()).href;
      const response = await tab.goto(url, { waitUntil: 'load' });
      expect(response?.status(), url).toBe(200);
      await tab.waitForSelector('[data-testid="menu-item-label"][data-active="true"]');
      const active = await tab.$$eval('[data-testid="menu-item-label"][data-active="true"]', (items) => items.map((i) => i.textContent?.trim() ?? ''));
      expect(active, `${url}: the active sidebar item`).toContain(label);
      await tab.close();
    }
    await context.close();
  });

  it('every entry of the search index points at an existing page and row', async () => {
    const { page } = await load('index.html');
    await page.addScriptTag({ url: `${server.origin}/search.js` });
    const entries = await page.evaluate(() => (window as unknown as { SITE_INDEX: [string, string, string][] }).SITE_INDEX);
    expect(entries.length).toBeGreaterThan(500);
    const byPage = new Map<string, string[]>();
    for (const [, , href] of entries) {
      const [file, id] = href.split('#');
      byPage.set(file, [...(byPage.get(file) ?? []), id]);
    }
    await page.context().close();
    // Each entry's row is in its page, as that page's test recorded it (no such page: none is).
    const missing: string[] = [];
    for (const [file, ids] of byPage) {
      const present = EXPECTED_PAGES.includes(file) ? visited(file).ids : new Set<string>();
      missing.push(...ids.filter((id) => !present.has(id)).map((id) => `${file}#${id}`));
    }
    expect(missing).toEqual([]);
  });

  it('every metric row says which networks have it and, in v2, which dimensions it allows', async () => {
    const { page } = await load('v2-facebook.html');
    const row = await page.locator('#metric-insights_impressions').innerHTML();
    await page.context().close();
    expect(row).toContain('Networks: facebook, <a href="v2-instagram.html#metric-insights_impressions">instagram</a>');
    expect(row).toContain('Dimensions: <code>date.day</code>, <code>date.week</code>, <code>date.month</code>, <code>profile</code>, <code>profile_label</code>, <code>activity_type</code>');
    expect(row).toContain('Only for profiles with <code>insights_enabled</code>');
  });
});

/** The route of a reference page that shows the longest names: the facebook metrics operation. */
const REFERENCE_ROUTE = '#/metrics/getfacebookmetrics';
/** Where the search box must lead for "FANS CHANGE": the rows of `fans_change`. */
const FANS_CHANGE = ['v1-facebook.html#metric-fans_change', 'v2-facebook.html#metric-fans_change'];

/**
 * Types "FANS CHANGE" into the page's search box: on the catalog pages that have `fans_change`
 * its row stays and every row left holds it; the list under the box links the rows on the other
 * pages. Returns what is wrong.
 */
async function checkSearchBox(page: Page, file: string): Promise<string[]> {
  if ((await page.locator('#filter').count()) !== 1) return ['no search box #filter'];
  await page.locator('#filter').fill('FANS CHANGE');
  const { links, rows } = await page.evaluate(() => ({
    links: Array.from(document.querySelectorAll('#search-results a'), (a) => a.getAttribute('href') ?? ''),
    rows: Array.from(document.querySelectorAll('table.filterable tbody tr'), (r) => ({ id: r.id, hidden: (r as HTMLElement).hidden })),
  }));
  const problems: string[] = [];
  const here = FANS_CHANGE.find((href) => href.startsWith(`${file}#`));
  for (const href of FANS_CHANGE.filter((h) => h !== here)) if (!links.includes(href)) problems.push(`"FANS CHANGE" does not list ${href} (it lists ${links.join(', ') || 'nothing'})`);
  if (here) {
    const shown = rows.filter((r) => !r.hidden).map((r) => r.id);
    if (!shown.includes('metric-fans_change')) problems.push('"FANS CHANGE" hides the row of fans_change');
    if (shown.length === rows.length) problems.push('"FANS CHANGE" narrows no table');
    const unrelated = shown.filter((id) => !/fans[_.-]change/.test(id));
    if (unrelated.length) problems.push(`"FANS CHANGE" keeps rows without it: ${unrelated.join(', ')}`);
  }
  return problems;
}

interface ViewResult {
  problems: string[];
  identifiers: number;
}

/** The layout of the page as shown now: it fits `width`, its header bar spans it, no identifier breaks. */
async function layoutProblems(page: Page, where: string, width: number): Promise<ViewResult> {
  const layout = await measureLayout(page);
  const problems: string[] = [];
  if (layout.scrollWidth > width) problems.push(`${where}: the page is ${layout.scrollWidth} px wide`);
  if (!layout.header || layout.header.left !== 0 || layout.header.width !== layout.clientWidth) problems.push(`${where}: the header bar is ${JSON.stringify(layout.header)}, not the page's ${layout.clientWidth} px`);
  problems.push(...layout.broken.map((b) => `${where}: identifier broken across lines: ${b}`));
  return { problems, identifiers: layout.identifiers };
}

/**
 * The width checks of a page just loaded at `width`: its layout, the Lighthouse-style checks (the
 * hand-rendered pages), the search box, and axe with the list of matches open. Leaves "FANS
 * CHANGE" typed in the search box. `screenshot`: where a full-page screenshot goes, taken before
 * the search box is used.
 */
async function widthProblems(page: Page, file: string, width: number, screenshot?: string): Promise<ViewResult> {
  const where = `${width} px ${file}`;
  const { problems, identifiers } = await layoutProblems(page, where, width);
  if (!REFERENCE_PAGES.includes(file)) {
    problems.push(...(await lighthouseStyleProblems(page, AXE)).map((p) => `${where}: ${p}`));
    if (screenshot) await page.screenshot({ path: screenshot, fullPage: true, timeout: SCREENSHOT_GUARD_MS });
  }
  problems.push(...(await checkSearchBox(page, file)).map((p) => `${where}: ${p}`));
  // With the list of matches open, so that it is checked too.
  problems.push(...(await axeViolations(page, AXE)).map((v) => `${where}: ${v}`));
  const after = await measureLayout(page);
  if (after.scrollWidth > width) problems.push(`${where}: with the matches listed, the page is ${after.scrollWidth} px wide`);
  problems.push(...after.broken.map((b) => `${where}: with the matches listed, identifier broken across lines: ${b}`));
  return { problems, identifiers };
}

/** A reference page's route that shows the longest names, opened from the page: its layout. */
async function routeLayoutProblems(page: Page, file: string, width: number): Promise<ViewResult> {
  await page.goto(`${server.origin}/${file}${REFERENCE_ROUTE}`, { waitUntil: 'load' });
  await page.locator('h1, h2', { hasText: 'facebook' }).first().waitFor();
  return layoutProblems(page, `${width} px ${file}${REFERENCE_ROUTE}`, width);
}

/** The 1280 px checks of a page test's page (the test's window is 1280 px wide), before its own checks. */
async function laptopChecks(page: Page, file: string): Promise<ViewResult> {
  const screenshot = file === 'index.html' || USAGE_FILES.includes(file) ? join(SCREENSHOTS, `${LAPTOP}`, file.replace(/\.html$/, '.png')) : undefined;
  return widthProblems(page, file, LAPTOP, screenshot);
}

/** Every page loaded once at `width` in one tab, with the width checks; a reference page's route too. */
async function visitEveryPage(width: number): Promise<ViewResult> {
  const context = hangGuardOnly(await browser.newContext({ viewport: { width, height: 800 } }));
  const page = await context.newPage();
  const problems: string[] = [];
  let identifiers = 0;
  for (const file of EXPECTED_PAGES) {
    const reference = REFERENCE_PAGES.includes(file);
    await page.goto(`${server.origin}/${file}`, { waitUntil: 'load' });
    if (reference) await page.waitForSelector('[data-component-name="Menu/MenuItem"]', { state: 'attached' });
    const screenshot = file === 'index.html' || USAGE_FILES.includes(file) ? join(SCREENSHOTS, `${width}`, file.replace(/\.html$/, '.png')) : undefined;
    const views = [await widthProblems(page, file, width, screenshot), ...(reference ? [await routeLayoutProblems(page, file, width)] : [])];
    for (const view of views) {
      problems.push(...view.problems);
      identifiers += view.identifiers;
    }
  }
  await context.close();
  return { problems, identifiers };
}

/** What the page tests saw at 1280 px, every page's and its route's. */
function laptopView(): ViewResult {
  const visits = EXPECTED_PAGES.map(visited);
  return { problems: visits.flatMap((v) => v.problems), identifiers: visits.reduce((sum, v) => sum + v.identifiers, 0) };
}

describe.each(WIDTHS)('at %i px wide', (width) => {
  it('every page fits the width, its header spans it, no identifier breaks, the search box works, axe finds no WCAG 2 A/AA violation and the hand-rendered pages pass the Lighthouse-style checks', { timeout: 600_000 }, async () => {
    // 1280 px: the page tests' windows, checked there; 390 px: every page once more.
    const { problems, identifiers } = width === LAPTOP ? laptopView() : await visitEveryPage(width);
    expect(identifiers, 'identifiers looked at').toBeGreaterThan(1000);
    expect(problems).toEqual([]);
  });
});
