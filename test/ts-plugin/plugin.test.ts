/**
 * The language-service plugin under TypeScript's own language service (createLanguageService),
 * loaded as tsserver loads it (./language-service.ts). Positions are marked `|` in the consumer
 * text. What the plugin shows is compared with the catalogs (`social-analytics-api/catalogs`),
 * never with text copied here.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { catalogs } from '../../src/catalog/catalogs.js';
import { DEPRECATED_NAME_CODE } from '../../src/ts-plugin/plugin.js';
import { languageServices } from './language-service.js';

const here = dirname(fileURLToPath(import.meta.url));
const HEADER = "import { v1 } from '../../src/v1.js';\nimport { v2 } from '../../src/v2.js';\n";

const { file, plain, withPlugin, open } = languageServices(here, HEADER);
const docOf = (info: ts.QuickInfo | undefined) => ts.displayPartsToString(info?.documentation);

describe('the language-service plugin', () => {
  it('hovers a facebook metric literal with its catalog description and aggregation', () => {
    const metric = catalogs.v2.metrics.facebook.find((m) => m.name === 'fans_change')!;
    const at = open("v2.facebook.metrics({ date_start: '2024-01-01', date_end: '2024-01-31', profiles: ['p'], metrics: ['fans_c|hange'] });\n");
    const info = withPlugin.getQuickInfoAtPosition(file, at);
    expect(ts.displayPartsToString(info?.displayParts)).toBe('(facebook metric, version 2) "fans_change"');
    expect(docOf(info)).toContain(metric.description!);
    expect(docOf(info)).toContain(`Aggregation: ${metric.aggregation}.`);
    expect(docOf(info)).toMatch(/Networks and versions: facebook v1 and v2\./);
  });

  it('hovers a dimension, a sortable and a filterable field with their entries', () => {
    const extra = catalogs.extraDimensions.find((d) => d.name === 'activity_type')!;
    let at = open("v2.facebook.metrics({ date_start: '2024-01-01', date_end: '2024-01-31', profiles: ['p'], metrics: ['insights_activity'], dimensions: [{ type: 'activity|_type' }] });\n");
    expect(docOf(withPlugin.getQuickInfoAtPosition(file, at))).toContain(extra.description);
    const field = catalogs.v2.posts.facebook.fields.find((f) => f.name === 'reactions_by_type')!;
    at = open("v2.facebook.posts({ date_start: '2024-01-01', date_end: '2024-01-31', profiles: ['p'], fields: ['id'], sort: [{ field: 'reactions_by_type.l|ike', order: 'desc' }], filter: [{ field: 'ppd_status', value: 'paid' }] });\n");
    const sort = withPlugin.getQuickInfoAtPosition(file, at);
    expect(ts.displayPartsToString(sort?.displayParts)).toBe('(facebook sort field, version 2) "reactions_by_type.like"');
    expect(docOf(sort)).toContain(field.description!);
    at = open("v2.facebook.posts({ date_start: '2024-01-01', date_end: '2024-01-31', profiles: ['p'], fields: ['id'], filter: [{ field: 'ppd_st|atus', value: 'paid' }] });\n");
    expect(docOf(withPlugin.getQuickInfoAtPosition(file, at))).toContain('Values: organic, paid, unknown.');
  });

  it('marks exactly the deprecated metrics in a completion list at a v1 instagram metrics position', () => {
    const at = open("v1.instagram.metrics({ date_start: '2024-01-01', date_end: '2024-01-31', profiles: ['p'], metrics: ['|'] });\n");
    const list = withPlugin.getCompletionsAtPosition(file, at, {});
    const metrics = catalogs.v1.metrics.instagram;
    expect(list?.entries.map((e) => e.name).sort()).toEqual(metrics.map((m) => m.name).sort());
    const marked = list!.entries.filter((e) => (e.kindModifiers ?? '').split(',').includes('deprecated')).map((e) => e.name).sort();
    expect(marked).toEqual(metrics.filter((m) => m.deprecated).map((m) => m.name).sort());
    expect(marked.length).toBeGreaterThan(0);
    // The entries carry the details too: a label, and the documentation of the entry.
    const deprecated = marked[0];
    expect(list!.entries.find((e) => e.name === deprecated)?.labelDetails?.description).toContain('deprecated');
    const details = withPlugin.getCompletionEntryDetails(file, at, deprecated, {}, undefined, undefined, undefined);
    expect(details?.kindModifiers).toContain('deprecated');
    expect(details?.tags?.map((t) => t.name)).toEqual(['deprecated']);
    expect(ts.displayPartsToString(details?.documentation)).toMatch(/Networks and versions: instagram v1\./);
  });

  it('offers the same marks where the name is about to be written outside quotes', () => {
    const at = open("v1.youtube.metrics({ date_start: '2024-01-01', date_end: '2024-01-31', profiles: ['p'], metrics: [|] });\n");
    const metrics = catalogs.v1.metrics.youtube;
    // Outside quotes the list also holds every global; the metric names come quoted.
    const names = withPlugin.getCompletionsAtPosition(file, at, {})!.entries.filter((e) => metrics.some((m) => e.name === `'${m.name}'`));
    expect(names).toHaveLength(metrics.length);
    const marked = names.filter((e) => e.kindModifiers?.includes('deprecated')).map((e) => e.name);
    expect(marked).toEqual(metrics.filter((m) => m.deprecated).map((m) => `'${m.name}'`));
  });

  it('gives a deprecated name a suggestion diagnostic, and a name of the v1 to v2 renames its version 2 name', () => {
    const text = "v1.youtube.metrics({ date_start: '2024-01-01', date_end: '2024-01-31', profiles: ['p'], metrics: ['dislikes_change', 'subscribers_count_lifetime', 'views_change'] });\n";
    open(text);
    const added = withPlugin.getSuggestionDiagnostics(file).filter((d) => d.code === DEPRECATED_NAME_CODE);
    expect(added.map((d) => [d.category, d.reportsDeprecated !== undefined, HEADER.length + text.indexOf("'dislikes_change'") === d.start])).toEqual([[ts.DiagnosticCategory.Suggestion, true, true]]);
    expect(ts.flattenDiagnosticMessageText(added[0].messageText, '\n')).toContain('Dislike counts are no longer available.');
    const at = open(text.replace("'subscribers_count_lifetime'", "'subscribers_count|_lifetime'"));
    expect(docOf(withPlugin.getQuickInfoAtPosition(file, at))).toContain('Version 2 name: subscribers_lifetime.');
  });

  it('adds nothing outside builder calls', () => {
    const text = [
      "const names = ['dislikes_change', 'fans_change'];",
      "const body = { metrics: ['fans_change'], fields: ['id'] };",
      "declare function other(body: { metrics: ('fans_change' | 'dislikes_change')[] }): void;",
      "other({ metrics: ['dislikes_change', 'fans_change'] });",
      "v2.facebook.metrics({ date_start: '2024-01-01', date_end: '2024-01-31', profiles: ['fans_change'], metrics: ['fans_change'] });",
    ].join('\n');
    open(text);
    const positions = [...text.matchAll(/'(dislikes|fans)_change'/g)].map((m) => HEADER.length + m.index! + 3);
    // Every name but the last is outside a builder's name position.
    for (const at of positions.slice(0, -1)) {
      expect(withPlugin.getQuickInfoAtPosition(file, at)).toEqual(plain.getQuickInfoAtPosition(file, at));
      expect(withPlugin.getCompletionsAtPosition(file, at, {})).toEqual(plain.getCompletionsAtPosition(file, at, {}));
    }
    expect(docOf(withPlugin.getQuickInfoAtPosition(file, positions.at(-1)!))).toContain('Aggregation:');
    expect(withPlugin.getSuggestionDiagnostics(file)).toEqual(plain.getSuggestionDiagnostics(file));
  });

  it('is the entry the README\'s tsconfig line names, whose CommonJS file the build makes the factory itself', () => {
    const root = join(here, '../..');
    const line = /`(\{ "compilerOptions": \{ "plugins": .*\})`/.exec(readFileSync(join(root, 'README.md'), 'utf8'))!;
    const [{ name }] = (JSON.parse(line[1]) as { compilerOptions: { plugins: { name: string }[] } }).compilerOptions.plugins;
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; exports: Record<string, { require: { default: string } }> };
    const entry = pkg.exports[name.replace(pkg.name, '.')];
    expect(entry.require.default).toBe('./dist/src/ts-plugin/index.cjs');
    // tsserver resolves a plugin without `exports` (and a `main` ending in .cjs as the .js beside it):
    // the ts-plugin/ folder's package.json leads to a CommonJS index.js that is the same factory.
    const folder = JSON.parse(readFileSync(join(root, 'ts-plugin/package.json'), 'utf8')) as { type: string; main: string };
    expect(folder).toMatchObject({ type: 'commonjs', main: './index.js' });
    expect(readFileSync(join(root, 'ts-plugin/index.js'), 'utf8')).toContain(`require('..${entry.require.default.slice(1)}')`);
  });
});
