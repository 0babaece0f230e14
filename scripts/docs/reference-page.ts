/**
 * The Redocly reference page of a version (`v1.html`, `v2.html`), a build output of
 * `npm run docs`: runs `redocly build-docs --inlineBundle` on the generated OpenAPI document in
 * a scratch directory, then makes the page work offline (the remote Redocly logo and
 * attribution link are replaced) and checks that no src/href attribute points off the machine,
 * makes its prerendered sidebar links hash routes that work in a new tab (hashRouteLinks),
 * and gives it the site's header bar with the search box and the site's colors (redoc-theme.ts).
 * An unchanged document reuses the page of the last build (reference-cache.ts).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { parse, stringify } from 'yaml';
import { FAVICON, searchScripts, siteHeader } from '../generators/site/html.js';
import { INDEX_PAGE, SEARCH_FILE, SITE_DIR } from '../generators/site/pages.js';
import { readReference, referenceKey, writeReference } from './reference-cache.js';
import { redocThemeCss } from './redoc-theme.js';
import { HEADER_CSS } from '../generators/site/style.js';

export const SCRIPT = 'scripts/docs/reference-page.ts';

const run = promisify(execFile);

/** An empty image, in place of the remote Redocly logo. */
const EMPTY_SVG = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/%3E";

/**
 * Text replacements that make the Redoc bundle offline. Each is made both in the prerendered
 * HTML and in the bundled script (so hydration sees the same markup); each must match at
 * least once, so a changed Redocly release fails loudly instead of loading remote assets.
 */
export const OFFLINE_REPLACEMENTS: readonly { find: string; replace: string; why: string }[] = [
  { find: 'https://cdn.redoc.ly/redoc/logo-mini-full.svg', replace: EMPTY_SVG, why: 'remote Redocly logo' },
  { find: 'https://cdn.redoc.ly/redoc/logo-mini.svg', replace: EMPTY_SVG, why: 'remote Redocly logo (collapsed sidebar)' },
  { find: 'https://redocly.com/redoc/', replace: INDEX_PAGE, why: 'attribution link to redocly.com, now a link to the docs home' },
  { find: 'API docs by', replace: 'All docs', why: 'attribution text, now the text of the docs home link' },
];

/** src/href/url() values that point to another host, for the offline check. */
export function remoteAttributes(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/\b(?:src|href)\s*=\s*\\?["']?((?:https?:)?\/\/[^"'\s>\\]+)/gi)) found.add(m[1]);
  for (const m of html.matchAll(/url\(\s*["']?((?:https?:)?\/\/[^"')\s]+)/gi)) found.add(m[1]);
  for (const m of html.matchAll(/@import\s+["']((?:https?:)?\/\/[^"']+)/gi)) found.add(m[1]);
  return [...found].sort();
}

/** Applies OFFLINE_REPLACEMENTS, adds an inline icon and checks that no remote src/href is left. */
export function makeOffline(html: string, label: string): string {
  let out = html;
  for (const r of OFFLINE_REPLACEMENTS) {
    if (!out.includes(r.find)) throw new Error(`docs site: ${label}: Redocly output no longer contains "${r.find}" (${r.why}); update OFFLINE_REPLACEMENTS in ${SCRIPT}`);
    out = out.split(r.find).join(r.replace);
  }
  // Without an icon the browser asks the server for /favicon.ico, which does not exist.
  if (!out.includes('<head>')) throw new Error(`docs site: ${label}: Redocly output has no <head>`);
  out = out.replace('<head>', `<head>\n  ${FAVICON}`);
  const remote = remoteAttributes(out);
  if (remote.length) throw new Error(`docs site: ${label}: the page would load remote resources: ${remote.join(', ')}`);
  return out;
}

/**
 * Redoc's router keeps its routes in the hash (`v2.html#/metrics`), but the sidebar that
 * redocly prerenders writes its top links as server paths (`href="/metrics"`), and hydration
 * keeps those attributes: a click works (the router catches it), a link opened in a new tab or
 * copied asks the server for `/metrics`, which does not exist. The prerendered markup's root
 * links are made hash routes, as the links Redoc renders itself are (`#/metrics/getfacebookmetrics`).
 * It must find at least one, so a Redocly release that changes its links fails loudly here.
 */
export function hashRouteLinks(html: string, label: string): string {
  const pattern = /\bhref="\/(?!\/)/g;
  const count = html.match(pattern)?.length ?? 0;
  if (count === 0) throw new Error(`docs site: ${label}: Redocly output has no prerendered href="/..." link any more; check how its sidebar links now and update hashRouteLinks in ${SCRIPT}`);
  return html.replace(pattern, 'href="#/');
}

/** Property names and code spans are identifiers: they never break inside a word. */
export const REDOC_IDENTIFIERS_CSS = '#redoc .schema-name, #redoc code { overflow-wrap: normal; word-break: normal; }\n';

/**
 * Puts the site's header bar (the link home and the search box, search-box.ts) above the Redoc
 * app, its scripts at the end of the body with the site's index (`searchIndex`, the text of
 * search.js) inlined, and the header's and the theme's CSS at the end of the head. Redoc renders
 * into its own element (#redoc) and leaves the rest of the body alone. The index is inlined
 * because one more request after Redoc's large script delays the page's network-idle point
 * past the start of Redoc's workers, which a browser test waits for.
 * The page's bundled script holds these tags as text too, so the first `</head>` and `<body>`
 * and the last `</body>` are the page's own.
 */
export function withSiteHeader(html: string, label: string, searchIndex: string): string {
  const head = html.indexOf('</head>');
  const body = html.indexOf('<body>');
  const end = html.lastIndexOf('</body>');
  if (head === -1 || body < head || end < body) throw new Error(`docs site: ${label}: Redocly output has no </head>, <body> and </body> in that order`);
  return [
    html.slice(0, head),
    `<style>\n${HEADER_CSS}${REDOC_IDENTIFIERS_CSS}${redocThemeCss()}</style>\n`,
    html.slice(head, body + '<body>'.length),
    `\n${siteHeader()}\n`,
    html.slice(body + '<body>'.length, end),
    `${searchScripts(searchIndex)}\n`,
    html.slice(end),
  ].join('');
}

/** Path of the redocly command of the installed @redocly/cli. */
function redoclyBin(root: string): string {
  const require = createRequire(join(root, 'package.json'));
  const pkgFile = require.resolve('@redocly/cli/package.json');
  const bin = (JSON.parse(readFileSync(pkgFile, 'utf8')) as { bin: Record<string, string> }).bin.redocly;
  return join(dirname(pkgFile), bin);
}

/**
 * The document as the reference page shows it: titled `title`, with an empty `info.version`
 * (Redoc prints a non-empty one after the title, which read "version 2 (2)"). The published
 * OpenAPI documents keep their own title and version.
 */
export function displayedDocument(content: string, title: string): string {
  const doc = parse(content) as { info: Record<string, unknown> };
  doc.info = { ...doc.info, title, version: '' };
  return stringify(doc, { lineWidth: 0 });
}

/** Redoc options of the reference pages: schema names such as "(Date)" are not repeated after the type. */
const REDOC_CONFIG = 'telemetry: off\nopenapi:\n  hideSchemaTitles: true\n';

/** The first line of a built reference page: what built it from which document. */
export const builtBy = (source: string) => `<!-- built by ${SCRIPT} from ${source}; rebuild with npm run docs -->\n`;

/**
 * The reference page of one generated OpenAPI document (`source`, relative to `root`, e.g.
 * `generated/openapi/v2.yaml`): the page of the last build when nothing it depends on changed
 * (reference-cache.ts), else built in the folder `scratch` with Redocly.
 */
export async function referencePageHtml(root: string, source: string, title: string, scratch: string): Promise<string> {
  let content: string;
  try {
    content = readFileSync(join(root, source), 'utf8');
  } catch {
    throw new Error(`docs site: ${source} is missing; run npm run generate first`);
  }
  const page = basename(source, '.yaml');
  let searchIndex: string;
  try {
    searchIndex = readFileSync(join(root, SITE_DIR, SEARCH_FILE), 'utf8');
  } catch {
    throw new Error(`docs site: ${SITE_DIR}/${SEARCH_FILE} is missing; run npm run generate first`);
  }
  const key = referenceKey(root, content + searchIndex, title);
  const cached = readReference(root, page, key);
  if (cached !== undefined) return cached;
  const built = await redocBuild(root, source, displayedDocument(content, title), title, join(scratch, page));
  const html = builtBy(source) + withSiteHeader(hashRouteLinks(makeOffline(built, source), source), source, searchIndex);
  writeReference(root, page, key, html);
  return html;
}

/** Runs `redocly build-docs --inlineBundle` on a document in the folder `dir`; returns the page. */
async function redocBuild(root: string, source: string, document: string, title: string, dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'openapi.yaml'), document);
  // Its own config keeps the project's redocly.yaml (lint rules, apis) out of the build.
  writeFileSync(join(dir, 'redocly.yaml'), REDOC_CONFIG);
  try {
    await run(process.execPath, [redoclyBin(root), 'build-docs', 'openapi.yaml', '--inlineBundle', '--output', 'page.html', '--title', title, '--config', 'redocly.yaml'], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`docs site: redocly build-docs failed for ${source}: ${(e.stderr || e.message).trim().split('\n').slice(-5).join(' ')}`);
  }
  return readFileSync(join(dir, 'page.html'), 'utf8');
}
