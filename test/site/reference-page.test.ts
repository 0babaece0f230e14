/** Offline patching of the Redocly pages (built by npm run docs), their cache, and the browser launcher's message. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReference, referenceKey, writeReference } from '../../scripts/docs/reference-cache.js';
import { REDOC_LIGHT_THEME, redocThemeCss } from '../../scripts/docs/redoc-theme.js';
import { makeOffline, OFFLINE_REPLACEMENTS, remoteAttributes, withSiteHeader } from '../../scripts/docs/reference-page.js';
import { searchScripts, siteHeader } from '../../scripts/generators/site/html.js';
import { PROJECT_ROOT } from '../pipeline/temp-project.js';
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

describe('withSiteHeader', () => {
  // Like Redocly's output: the bundled script holds the tags as text after the page's own.
  const redoc = '<html><head><title>t</title></head><body>\n<div id="redoc"></div><script>var t = "</head><body></body>";</script>\n</body>\n</html>';

  it("puts the header bar first in the page's own body, its CSS and the theme last in the head, and the search scripts last in the body", () => {
    const out = withSiteHeader(redoc, 'v2', 'window.SITE_INDEX = [];\n');
    expect(out.startsWith('<html><head><title>t</title><style>\nheader.site {')).toBe(true);
    expect(out).toContain(`${redocThemeCss()}</style>\n</head><body>\n${siteHeader()}\n\n<div id="redoc"></div><script>var t = "</head><body></body>";</script>\n${searchScripts('window.SITE_INDEX = [];\n')}\n</body>\n</html>`);
    expect(out).toContain('<script>\nwindow.SITE_INDEX = [];\n</script>\n<script>\n(function () {');
    expect(out).not.toContain('search.js');
    expect(remoteAttributes(out)).toEqual([]);
  });

  it('fails naming the page when the tags are missing', () => {
    expect(() => withSiteHeader('<html><body></body></html>', 'generated/openapi/v1.yaml', '')).toThrow('docs site: generated/openapi/v1.yaml: Redocly output has no </head>, <body> and </body> in that order');
  });
});

/** WCAG 2 contrast ratio of two #rrggbb colors. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('the Redoc theme', () => {
  it('every text color it sets reaches 4.5:1 on white and on the light tints Redoc puts behind badges', () => {
    const colors = Object.values(REDOC_LIGHT_THEME).flatMap((vars) => Object.values(vars));
    expect(colors.length).toBeGreaterThan(2);
    for (const color of colors) for (const background of ['#ffffff', '#e5faef', '#e2ebfe']) expect(contrast(color, background), `${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#25b869', '#ffffff')).toBeLessThan(4.5); // the GET green it replaces
  });

  it('applies to the light theme only', () => {
    expect(redocThemeCss()).toBe(':root:not(.dark) { --search-trigger-color: #5e5f6e; }\n:root:not(.dark) .tag-get { --tag-color: #157a43; }\n:root:not(.dark) .tag-post { --tag-color: #1853c8; }\n');
  });
});

describe('the cache of built reference pages', () => {
  it('keys a page on the document and the title, and gives back what was stored under the same key only', () => {
    const key = referenceKey(PROJECT_ROOT, 'openapi: 3.1.0\n', 'Social analytics API v2');
    expect(referenceKey(PROJECT_ROOT, 'openapi: 3.1.0\n', 'Social analytics API v2')).toBe(key);
    expect(referenceKey(PROJECT_ROOT, 'openapi: 3.1.1\n', 'Social analytics API v2')).not.toBe(key);
    expect(referenceKey(PROJECT_ROOT, 'openapi: 3.1.0\n', 'Social analytics API v1')).not.toBe(key);

    const root = mkdtempSync(join(tmpdir(), 'sa-docs-cache-'));
    try {
      expect(readReference(root, 'v2', key)).toBeUndefined();
      writeReference(root, 'v2', key, '<html>stored</html>');
      expect(readReference(root, 'v2', key)).toBeUndefined(); // no node_modules: nothing is stored
      mkdirSync(join(root, 'node_modules'));
      writeReference(root, 'v2', key, '<html>stored</html>');
      expect(readReference(root, 'v2', key)).toBe('<html>stored</html>');
      expect(readReference(root, 'v2', 'another key')).toBeUndefined();
      expect(readReference(root, 'v1', key)).toBeUndefined();
      writeFileSync(join(root, 'node_modules/.cache/social-analytics-api-docs/v2.json'), '{ damaged');
      expect(readReference(root, 'v2', key)).toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('launchChromium', () => {
  it('fails with an install hint when Chromium is missing', async () => {
    await expect(launchChromium('/nonexistent/chromium')).rejects.toThrow('Chromium is not installed at /nonexistent/chromium; the docs site browser test needs it. Install it with: apt-get update && apt-get install -y chromium');
  });
});
