/** Offline patching of the Redocly pages (built by npm run docs), and the browser launcher's message. */
import { describe, expect, it } from 'vitest';
import { makeOffline, OFFLINE_REPLACEMENTS, remoteAttributes } from '../../scripts/docs/reference-page.js';
import { launchChromium } from './browser.js';

/** A page holding every string the replacements look for, plus the given extra markup. */
const redocLike = (extra = '') => `<!DOCTYPE html><html><head><title>t</title></head><body>${OFFLINE_REPLACEMENTS.map((r) => `<i>${r.find}</i>`).join('')}${extra}</body></html>`;

describe('remoteAttributes', () => {
  it.each([
    ['<img src="https://cdn.example/x.png">', ['https://cdn.example/x.png']],
    ["<script src='http://cdn.example/a.js'></script>", ['http://cdn.example/a.js']],
    ['<link href="//fonts.example/css">', ['//fonts.example/css']],
    ['<style>body{background:url(https://img.example/b.png)}</style>', ['https://img.example/b.png']],
    ['<style>@import "https://fonts.example/f.css";</style>', ['https://fonts.example/f.css']],
    ['{"html":"<img src=\\"https://cdn.example/esc.png\\">"}', ['https://cdn.example/esc.png']],
    ['<a href="index.html">home</a><img src="data:image/png;base64,AA==">', []],
    ['<p>see https://example.com in the text</p>', []],
  ])('%s', (html, expected) => {
    expect(remoteAttributes(html)).toEqual(expected);
  });
});

describe('makeOffline', () => {
  it('replaces the remote logo and attribution, and adds an inline icon', () => {
    const out = makeOffline(redocLike(), 'test.yaml');
    for (const r of OFFLINE_REPLACEMENTS) expect(out).not.toContain(r.find);
    expect(out).toContain('<head>\n  <link rel="icon" href="data:,">');
    expect(remoteAttributes(out)).toEqual([]);
  });

  it('fails naming the string when a Redocly release no longer contains it', () => {
    const html = redocLike().replace(OFFLINE_REPLACEMENTS[0].find, '');
    expect(() => makeOffline(html, 'generated/openapi/v2.yaml')).toThrow(`generated/openapi/v2.yaml: Redocly output no longer contains "${OFFLINE_REPLACEMENTS[0].find}"`);
  });

  it('fails when a remote src is left', () => {
    expect(() => makeOffline(redocLike('<script src="https://cdn.example/redoc.js"></script>'), 'v1')).toThrow('v1: the page would load remote resources: https://cdn.example/redoc.js');
  });
});

describe('launchChromium', () => {
  it('fails with an install hint when Chromium is missing', async () => {
    await expect(launchChromium('/nonexistent/chromium')).rejects.toThrow('Chromium is not installed at /nonexistent/chromium; the docs site browser test needs it. Install it with: apt-get update && apt-get install -y chromium');
  });
});
