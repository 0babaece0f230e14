/**
 * Browser helpers for the site test: launches Debian's Chromium through playwright-core and
 * opens pages while recording every problem (console errors, page errors, failed requests,
 * HTTP errors and any request to a host other than the local server).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/**
 * The bound of every wait of a browser test (a navigation, a selector, a page's own title): a hang
 * guard only, far past what a page of the local server takes on a machine whose every core is
 * busy. Playwright's defaults (30 s) are no such guard: a loaded machine has missed them.
 */
export const BROWSER_HANG_GUARD_MS = 120_000;

/** `context` with BROWSER_HANG_GUARD_MS as the bound of each of its pages' waits and navigations. */
export function hangGuardOnly<C extends BrowserContext>(context: C): C {
  context.setDefaultTimeout(BROWSER_HANG_GUARD_MS);
  context.setDefaultNavigationTimeout(BROWSER_HANG_GUARD_MS);
  return context;
}

/** Launches headless Chromium, or fails with a message that says how to install it. */
export async function launchChromium(executablePath = CHROMIUM): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new Error(`Chromium is not installed at ${executablePath}; the docs site browser test needs it. Install it with: apt-get update && apt-get install -y chromium`);
  }
  return chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export interface OpenedPage {
  page: Page;
  /** One line per problem seen so far. */
  problems: string[];
  /** Every URL the page requested. */
  requests: string[];
}

/** Whether a request URL stays on the machine: the local server, or an inline data:/blob: URL of it. */
export function isLocal(url: string, origin: string): boolean {
  return url.startsWith(`${origin}/`) || url === origin || url.startsWith('data:') || url.startsWith(`blob:${origin}/`);
}

/** Opens a fresh page that records problems; requests leaving the machine are recorded and aborted. */
export async function openPage(browser: Browser, origin: string): Promise<OpenedPage> {
  const context = hangGuardOnly(await browser.newContext({ viewport: { width: 1280, height: 800 } }));
  const page = await context.newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  // Only http(s) requests are routed: a routed blob: request (Redoc's web workers) never ends,
  // so the page would never be idle. blob: and data: URLs stay on the machine anyway.
  const web = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';
  await context.route(web, (route) => (isLocal(route.request().url(), origin) ? route.continue() : route.abort('blockedbyclient')));
  page.on('request', (request) => {
    requests.push(request.url());
    if (!isLocal(request.url(), origin)) problems.push(`request to another host: ${request.url()}`);
  });
  page.on('requestfailed', (request) => {
    if (isLocal(request.url(), origin)) problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { page, problems, requests };
}
