/**
 * Records HAR files of one visit with headless Chromium (Debian's /usr/bin/chromium through
 * playwright-core): once with Playwright's recordHar, once with chrome-har fed the CDP events
 * of the same kind of visit (as puppeteer-har does, response bodies from Network.getResponseBody).
 */
import { writeFileSync } from 'node:fs';
import { harFromMessages } from 'chrome-har';
import { chromium, type Browser, type Page } from 'playwright-core';
import { hangGuardOnly } from '../../site/browser.js';

export const CHROMIUM = '/usr/bin/chromium';

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
}

async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => document.title === 'done' || document.title.startsWith('failed'));
  const title = await page.title();
  if (title !== 'done') throw new Error(`the page script ${title}`);
}

/** Playwright's own HAR writer (`recordHar`, bodies embedded). */
export async function recordWithPlaywright(browser: Browser, url: string, file: string): Promise<void> {
  const context = hangGuardOnly(await browser.newContext({ recordHar: { path: file, content: 'embed' } }));
  try {
    await visit(await context.newPage(), url);
  } finally {
    await context.close();
  }
}

const EVENTS = [
  'Page.frameStartedLoading', 'Page.frameRequestedNavigation', 'Page.navigatedWithinDocument', 'Page.domContentEventFired', 'Page.loadEventFired',
  'Network.requestWillBeSent', 'Network.requestWillBeSentExtraInfo', 'Network.responseReceived', 'Network.responseReceivedExtraInfo',
  'Network.dataReceived', 'Network.loadingFinished', 'Network.loadingFailed', 'Network.requestServedFromCache', 'Network.resourceChangedPriority',
] as const;

/** chrome-har from the CDP events of a visit. */
export async function recordWithChromeHar(browser: Browser, url: string, file: string): Promise<void> {
  const context = hangGuardOnly(await browser.newContext());
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const messages: { method: string; params: any }[] = [];
    const responses = new Map<string, any>();
    const bodies: Promise<void>[] = [];
    for (const method of EVENTS) {
      cdp.on(method as 'Network.requestWillBeSent', (params: any) => {
        messages.push({ method, params });
        if (method === 'Network.responseReceived') responses.set(params.requestId, params.response);
        if (method === 'Network.loadingFinished' && responses.has(params.requestId)) {
          const response = responses.get(params.requestId);
          bodies.push(
            cdp.send('Network.getResponseBody', { requestId: params.requestId }).then(
              (got) => {
                response.body = got.body;
                if (got.base64Encoded) response.encoding = 'base64';
              },
              () => undefined,
            ),
          );
        }
      });
    }
    await cdp.send('Page.enable');
    await cdp.send('Network.enable');
    await visit(page, url);
    await Promise.all(bodies);
    writeFileSync(file, JSON.stringify(harFromMessages(messages, { includeTextFromResponseBody: true }), null, 2));
  } finally {
    await context.close();
  }
}
