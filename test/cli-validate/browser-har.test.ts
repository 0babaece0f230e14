/**
 * HAR files as real writers produce them: headless Chromium visits a page that talks to the mock
 * (a 304 revalidation, requests aborted before and after the headers, a refused connection, a
 * cross-origin POST with its preflight, page assets) while Playwright's recordHar and chrome-har
 * (fed CDP events) record. Every API answer is judged, the rest is skipped with its reason; the
 * same visit with one answer whose dates a "proxy" shifted fails in both writers' files.
 */
import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_HANG_GUARD_MS } from '../site/browser.js';
import { launch, recordWithChromeHar, recordWithPlaywright } from './browser/record.js';
import { startSite } from './browser/site.js';
import { run, tempDir } from './helpers.js';

const tmp = tempDir();
let browser: Browser | undefined;

beforeAll(async () => {
  browser = await launch();
  for (const wrong of [false, true]) {
    const site = await startSite({ wrong });
    try {
      await recordWithPlaywright(browser, site.url, tmp.path(`${wrong ? 'wrong' : 'ok'}-playwright.har`));
      await recordWithChromeHar(browser, site.url, tmp.path(`${wrong ? 'wrong' : 'ok'}-chrome-har.har`));
    } finally {
      await site.close();
    }
  }
  // Four visits, each a navigation and a wait bounded by BROWSER_HANG_GUARD_MS: a hang guard past them.
}, 10 * BROWSER_HANG_GUARD_MS);

afterAll(async () => {
  await browser?.close();
  tmp.remove();
});

const API_ANSWERS = ['GET /2/facebook/profiles', 'POST /2/facebook/metrics', 'POST /1/facebook/metrics'];

describe('validate HAR files written by browsers', () => {
  it('Playwright recordHar: every API answer valid, 304, aborted and refused entries skipped, exit 0', async () => {
    const result = await run(['ok-playwright.har', '--json'], tmp.dir);
    const report = JSON.parse(result.out);
    expect(result.code).toBe(0);
    expect(report.results.map((r: any) => [r.operation, r.valid, r.warnings])).toEqual(API_ANSWERS.map((op) => [op, true, []]));
    expect(report.summary.skippedByReason).toMatchObject({ 'not modified': 1, 'no response': 3 });
    expect(report.summary.skippedByReason['not an API operation']).toBeGreaterThanOrEqual(3);
    expect(report.skipped.filter((s: any) => s.reason === 'no response').map((s: any) => s.detail)).toEqual([
      expect.stringMatching(/^GET http:\/\/127\.0\.0\.1:\d+\/2\/youtube\/profiles\?slow=headers: net::ERR_ABORTED$/),
      expect.stringMatching(/^GET http:\/\/127\.0\.0\.1:\d+\/2\/youtube\/profiles\?slow=body: HTTP 200 headers arrived but no body \(net::ERR_ABORTED\)$/),
      expect.stringMatching(/^GET http:\/\/127\.0\.0\.1:\d+\/2\/twitter\/profiles: net::ERR_CONNECTION_REFUSED$/),
    ]);
  });

  it('chrome-har: the JSON request rebuilt from postData.params, the preflight skipped, exit 0; text shows the skipped counts', async () => {
    const har = JSON.parse(readFileSync(tmp.path('ok-chrome-har.har'), 'utf8'));
    const post = har.log.entries.find((e: any) => e.request.method === 'POST');
    expect(post.request.postData.text).toBeUndefined();
    expect(post.request.postData.params.filter((p: any) => p.name === 'profiles')).toHaveLength(1);
    const result = await run(['ok-chrome-har.har'], tmp.dir);
    expect(result.code).toBe(0);
    expect(result.out).not.toContain('warning');
    expect(result.out).toMatch(/skipped {2}ok-chrome-har\.har#\d+: CORS preflight: OPTIONS http:\/\/127\.0\.0\.1:\d+\/2\/facebook\/metrics/);
    expect(result.out).toMatch(/\n3 responses: 3 valid, 0 invalid; \d+ HAR entries skipped \(\d+ not an API operation, 1 not modified, .*1 CORS preflight.*\)$/);
  });

  it('one answer with shifted dates fails in both writers’ files (exit 1)', async () => {
    for (const file of ['wrong-playwright.har', 'wrong-chrome-har.har']) {
      const result = await run([file], tmp.dir);
      expect(result.code, file).toBe(1);
      expect(result.out).toMatch(/invalid {2}wrong-[a-z-]+\.har#\d+ {2}POST \/2\/facebook\/metrics \(HTTP 200\)\n {11}wrong-[a-z-]+\.har:\d+:\d+: \/header\/0\/rows\/2: 2026-01-04 is outside the requested range 2026-01-01\.\.2026-01-03/);
      expect(result.out).toContain('3 responses: 2 valid, 1 invalid');
    }
  });

  it('JUnit report: parses as XML, one testcase per API response, a failure for the invalid one, the other entries skipped', async () => {
    const result = await run(['wrong-playwright.har', 'wrong-chrome-har.har', '--reporter', 'junit=reports/junit.xml', '--reporter', 'text'], tmp.dir);
    expect(result.code).toBe(1);
    const xml = readFileSync(tmp.path('reports/junit.xml'), 'utf8');
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase'].includes(name) }).parse(xml);
    const all = doc.testsuites.testsuite.flatMap((s: any) => s.testcase);
    // The browser's other entries (the page, its assets, preflights) are skipped cases, as many as the text report lists.
    const skipped = all.filter((c: any) => c.skipped !== undefined);
    expect(skipped.length).toBe(result.out.split('\n').filter((line) => line.startsWith('skipped  ')).length);
    expect(skipped.length).toBeGreaterThan(0);
    const cases = all.filter((c: any) => c.skipped === undefined);
    expect(cases).toHaveLength(6);
    expect(cases.map((c: any) => c.name.replace(/#\d+$/, '#n'))).toEqual(
      ['wrong-playwright.har', 'wrong-chrome-har.har'].flatMap((file) => API_ANSWERS.map((op) => `${op} (HTTP 200) ${file}#n`)),
    );
    const failed = cases.filter((c: any) => c.failure);
    expect(failed.map((c: any) => c.name.split(' (')[0])).toEqual(['POST /2/facebook/metrics', 'POST /2/facebook/metrics']);
    expect(failed[0].failure['#text']).toContain('/header/0/rows/2: 2026-01-04 is outside the requested range');
  });
});
