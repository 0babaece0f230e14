/**
 * Writes generated/validator-facts.ts: the slice of the catalogs the response validators' checks
 * read (per version and network each metric's type and extra dimensions, each post field's and
 * response member's type, the fields of videos only, whether posts sort; the extra dimensions, the error codes, the default
 * page size). `social-analytics-api/validators` imports it instead of the full catalogs
 * (generated/catalogs.ts, with every description), so loading the validators stays light.
 *
 * The facts of a network's metrics and of its posts are JSON text, parsed on their first use
 * (src/validators/catalog-facts.ts): importing the validators evaluates no table of them, and a
 * process parses the tables of the networks it checks only. Items are `[name, type]` tuples
 * (`[name, type, extraDimensions]` for a metric with extra dimensions).
 */
import type { Model, VersionModel } from '../../model/types.js';
import type { Artifact } from '../artifact.js';
import { banner } from '../banner.js';
import { toTsLiteral, TsCode } from './catalog-data.js';

export const SCRIPT = 'scripts/generators/data/validator-facts.ts';

type Named = { name: string; type: string };

/** The longest line of the JSON text (longer lists are broken, one item a line). */
const LINE_WIDTH = 100;

/** A list as JSON text after `column` characters of its line, one item a line when it does not fit on one (with a comma after it). */
function jsonList(items: readonly unknown[], column = 0): string {
  const inline = JSON.stringify(items);
  return column + inline.length + 1 <= LINE_WIDTH ? inline : `[\n${items.map((item) => JSON.stringify(item)).join(',\n')}\n]`;
}

/** JSON text in a raw template literal (escapes kept as written), as source code. */
function jsonText(json: string): TsCode {
  // The text must not end the literal.
  if (/`|\$\{/.test(json)) throw new Error('validator facts: a catalog name holds ` or ${');
  return new TsCode(`String.raw\`${json}\``);
}

const tuples = (items: readonly Named[]) => items.map(({ name, type }) => [name, type]);

function versionFacts(vm: VersionModel) {
  const metrics = (n: string) => vm.metrics[n].map((m) => (m.extraDimensions.length ? [m.name, m.type, m.extraDimensions] : [m.name, m.type]));
  const posts = (n: string) => {
    const p = vm.posts[n]!;
    const member = (name: string, items: readonly Named[]) => `"${name}":${jsonList(tuples(items), name.length + 3)}`;
    const videoOnly = p.fields.filter((f) => f.videoOnly).map((f) => f.name);
    return `{"sort":${p.sort},\n${member('fields', p.fields)},\n${member('responseMembers', p.responseMembers)},\n"videoOnly":${JSON.stringify(videoOnly)}}`;
  };
  return {
    // On one line, a list starts after `      <network>: String.raw\`` and ends before a backtick and a comma.
    metrics: Object.fromEntries(vm.networks.map((n) => [n, jsonText(jsonList(metrics(n), `      ${n}: String.raw\``.length + 1))])),
    posts: Object.fromEntries(vm.networks.filter((n) => vm.posts[n]).map((n) => [n, jsonText(posts(n))])),
  };
}

export function validatorFactsArtifact(model: Model): Artifact {
  const data = {
    extraDimensions: model.extraDimensions.map((d) => d.name),
    errors: model.errors.map((e) => ({ code: e.code, httpStatus: e.httpStatus })),
    pageSize: model.limits.pageSize.default,
    maxPageSize: model.limits.pageSize.max,
    insightsNetworks: model.networks.filter((n) => n.insights).map((n) => n.name),
    v1: versionFacts(model.v1),
    v2: versionFacts(model.v2),
  };
  const content = [
    banner(SCRIPT, 'slash').trimEnd(),
    '/**',
    ' * The catalog facts the response validators read: a slice of generated/catalogs.ts (types,',
    ' * extra dimensions, error codes, the page sizes, the networks with insights; no',
    ' * descriptions). A network\'s metrics and posts are JSON text, parsed on first use',
    ' * by src/validators/catalog-facts.ts, which checks this data against its type.',
    ' */',
    `export const validatorFacts = ${toTsLiteral(data)} as const;`,
    '',
  ].join('\n');
  return { path: 'generated/validator-facts.ts', content };
}
