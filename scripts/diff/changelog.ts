/**
 * `npm run changelog -- <git-ref>`: writes the "Unreleased" section of CHANGELOG.md from the
 * changes of the public surface since `ref` (breaking first, then additions, then docs), grouped
 * by area. Deterministic: the same trees give the same bytes; earlier release sections stay.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Change } from './compare.js';
import { DiffInputError } from './load-ref.js';
import { diffSince, type DiffReport } from './main.js';

const HEADER = '# Changelog\n\nGenerated from `npm run diff` by `npm run changelog -- <ref>`; edit the release sections, not this line.\n';
const TITLES: Record<Change['kind'], string> = { breaking: 'Breaking', additive: 'Added', docs: 'Documentation' };

/**
 * Where a change path belongs: its area (`names/v2/facebook/metrics`, or for a request or
 * response member the operation, `response POST /2/facebook/page/posts`) and the name within it
 * (`insights_views`, `data.posts[].video_id`). A member path holds no `/`, so the operation is
 * everything between the kind and the last segment, however many segments its path has.
 */
function placeOf(path: string): { area: string; name: string } {
  const parts = path.split('/');
  if ((parts[0] === 'request' || parts[0] === 'response') && parts.length > 2) {
    return { area: `${parts[0]} ${parts.slice(1, -1).join('/')}`, name: parts[parts.length - 1]! };
  }
  const cut = parts[0] === 'names' || parts[0] === 'metrics' ? 4 : 1;
  return { area: parts.slice(0, cut).join('/'), name: parts.slice(cut).join('/') || path };
}

export function unreleasedSection(report: DiffReport, ref: string): string {
  const lines = [`## Unreleased (since ${ref}; required bump: ${report.bump})`, ''];
  if (!report.changes.length) lines.push('No change of the public surface.', '');
  for (const kind of ['breaking', 'additive', 'docs'] as const) {
    const changes = report.changes.filter((c) => c.kind === kind);
    if (!changes.length) continue;
    lines.push(`### ${TITLES[kind]}`, '');
    // One line per area and kind of change: "- `names/v2/facebook/metrics`: catalog name removed: `a`, `b`".
    const groups = new Map<string, string[]>();
    for (const c of changes) {
      const { area, name } = placeOf(c.path);
      const key = `\`${area}\`: ${c.detail}`;
      groups.set(key, [...(groups.get(key) ?? []), `\`${name}\``]);
    }
    for (const [key, names] of groups) lines.push(`- ${key}: ${names.join(', ')}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** CHANGELOG.md with its Unreleased section replaced (or added at the top). */
export function updatedChangelog(previous: string | undefined, section: string): string {
  const rest = (previous ?? '').split(/^## /m).slice(1).filter((s) => !s.startsWith('Unreleased'));
  return [HEADER, section, ...rest.map((s) => `## ${s.trimEnd()}\n`)].join('\n').replace(/\n{3,}/g, '\n\n');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const ref = process.argv[2];
  if (!ref || ref.startsWith('-')) {
    console.error('usage: npm run changelog -- <git-ref>');
    process.exitCode = 2;
  } else {
    try {
      const root = resolve('.');
      const file = join(root, 'CHANGELOG.md');
      const report = diffSince(root, ref);
      writeFileSync(file, updatedChangelog(existsSync(file) ? readFileSync(file, 'utf8') : undefined, unreleasedSection(report, ref)));
      console.log(`changelog: wrote CHANGELOG.md (${report.changes.length} changes since ${ref}, ${report.bump} bump)`);
    } catch (error) {
      if (!(error instanceof DiffInputError)) throw error;
      console.error(`changelog: ${error.message}`);
      process.exitCode = 2;
    }
  }
}
