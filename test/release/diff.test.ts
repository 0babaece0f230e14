/**
 * Release safety: `npm run diff` on a temporary git clone whose catalog is edited, the bump it
 * requires, `release:check` against a v* tag, and the changelog written from the diff.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { updatedChangelog, unreleasedSection } from '../../scripts/diff/changelog.js';
import { compareSurfaces, requiredBump } from '../../scripts/diff/compare.js';
import { DiffInputError } from '../../scripts/diff/load-ref.js';
import { diffSince } from '../../scripts/diff/main.js';
import { minimumVersion, releaseCheck } from '../../scripts/diff/release-check.js';
import { publicSurface, type Surface } from '../../scripts/diff/surface.js';
import { changelogHtml } from '../../scripts/generators/site/changes-page.js';
import { loadModel } from '../../scripts/model/load-model.js';
import { makeTempProject, PROJECT_ROOT, type TempProject } from '../pipeline/temp-project.js';

let project: TempProject | undefined;
afterEach(() => {
  project?.remove();
  project = undefined;
});

const git = (root: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@invalid', ...args], { cwd: root, stdio: 'pipe' }).toString();

/** A temporary project (catalogs, spec, package.json) committed in its own git repository. */
function committedProject(): TempProject {
  const p = makeTempProject();
  writeFileSync(join(p.root, '.gitignore'), 'node_modules\n');
  git(p.root, 'init', '-q', '-b', 'main');
  git(p.root, 'add', '-A');
  git(p.root, 'commit', '-q', '-m', 'initial');
  return p;
}

function removeAndAddMetric(p: TempProject): string {
  let removed = '';
  p.editYaml('catalogs/v2/facebook.metrics.yaml', (d) => {
    removed = d.metrics.find((m: any) => m.name === 'insights_views').name;
    d.metrics = d.metrics.filter((m: any) => m.name !== removed);
    d.metrics.push({ name: 'page_saves_change', type: 'number', aggregation: 'sum' });
  });
  return removed;
}

/** Each test runs the pipeline's diff in child processes: seconds when idle, minutes on a loaded machine; a hang guard only. */
const HANG_GUARD = 600_000;

describe('npm run diff', { timeout: HANG_GUARD }, () => {
  it('an unchanged tree needs no release', () => {
    project = committedProject();
    expect(diffSince(project.root, 'HEAD')).toEqual({ changes: [], bump: 'none' });
  });

  it('a metric removed is breaking, one added is additive, and the bump is major', () => {
    project = committedProject();
    removeAndAddMetric(project);
    const { changes, bump } = diffSince(project.root, 'HEAD');
    expect(changes).toContainEqual({ kind: 'breaking', path: 'names/v2/facebook/metrics/insights_views', breaking: true, detail: 'catalog name removed' });
    expect(changes).toContainEqual({ kind: 'additive', path: 'names/v2/facebook/metrics/page_saves_change', breaking: false, detail: 'catalog name added' });
    expect(changes.findIndex((c) => c.kind === 'additive')).toBeGreaterThan(changes.findLastIndex((c) => c.kind === 'breaking'));
    expect(bump).toBe('major');
  });

  it('prints JSON with --json and names an unknown ref in one line (exit 2)', () => {
    project = committedProject();
    removeAndAddMetric(project);
    const tsx = join(PROJECT_ROOT, 'node_modules/.bin/tsx');
    const script = join(PROJECT_ROOT, 'scripts/diff/main.ts');
    const json = spawnSync(tsx, [script, 'HEAD', '--json'], { cwd: project.root, encoding: 'utf8' });
    expect(json.status).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report.bump).toBe('major');
    expect(Object.keys(report.changes[0]).sort()).toEqual(['breaking', 'detail', 'kind', 'path']);
    const unknown = spawnSync(tsx, [script, 'no-such-ref'], { cwd: project.root, encoding: 'utf8' });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr.trim()).toMatch(/^diff: unknown git ref "no-such-ref"/);
    expect(() => diffSince(project!.root, 'no-such-ref')).toThrow(DiffInputError);
  });
});

describe('what counts as breaking', () => {
  const surface = (entries: [string, Parameters<Surface['set']>[1]][]): Surface => new Map(entries);
  const entry = (kind: any, contract: Record<string, unknown>, docs: Record<string, unknown> = {}) => ({ kind, contract, docs });

  it('classifies request, response, metric and rule changes', () => {
    const before = surface([
      ['request/POST /2/x/metrics/dimensions', entry('request', { type: 'array', required: false })],
      ['response/POST /2/x/metrics/data', entry('response', { type: 'array', required: true })],
      ['metrics/v2/x/fans', entry('metric', { type: 'number', aggregation: 'sum', insightsOnly: false, extraDimensions: ['city'] }, { description: 'a' })],
      ['rules/v2.metrics.a', entry('rule', { level: 'inferred' })],
      ['rules/v2.metrics.b', entry('rule', { level: 'stated' })],
    ]);
    const after = surface([
      ['request/POST /2/x/metrics/dimensions', entry('request', { type: 'array', required: true })],
      ['request/POST /2/x/metrics/hint', entry('request', { type: 'string', required: false })],
      ['response/POST /2/x/metrics/data', entry('response', { type: 'object', required: true })],
      ['metrics/v2/x/fans', entry('metric', { type: 'number', aggregation: 'sum', insightsOnly: false, extraDimensions: ['city', 'country'] }, { description: 'b' })],
      ['rules/v2.metrics.a', entry('rule', { level: 'stated' })],
    ]);
    expect(compareSurfaces(before, after).map((c) => [c.kind, c.path, c.detail])).toEqual([
      ['additive', 'metrics/v2/x/fans', 'extraDimensions: ["city"] -> ["city","country"]'],
      ['docs', 'metrics/v2/x/fans', 'description changed'],
      ['additive', 'request/POST /2/x/metrics/hint', 'request member added'],
      ['breaking', 'request/POST /2/x/metrics/dimensions', 'required: false -> true'],
      ['breaking', 'response/POST /2/x/metrics/data', 'type: "array" -> "object"'],
      ['breaking', 'rules/v2.metrics.a', 'level: "inferred" -> "stated"'],
      ['additive', 'rules/v2.metrics.b', 'rule removed: validation is looser'],
    ].sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)));
    expect(requiredBump([])).toBe('none');
    expect(requiredBump(compareSurfaces(before, surface([...before, ['metrics/v2/x/fans', entry('metric', before.get('metrics/v2/x/fans')!.contract, { description: 'c' })]])))).toBe('patch');
  });

  it('reads the project\'s own surface: operations, members, names, metric facts, errors and rules', () => {
    const paths = [...publicSurface(makeModel()).keys()];
    for (const p of ['operations/POST /2/facebook/metrics', 'request/POST /2/facebook/metrics/dimensions[].type', 'response/POST /2/facebook/page/posts/data.posts', 'names/v2/facebook/metrics/fans_change', 'names/v2/facebook/sortable/comments', 'metrics/v1/facebook/comments', 'errors/7', 'rules/v2.metrics.header-order']) {
      expect(paths, p).toContain(p);
    }
  });
});

function setVersion(p: TempProject, version: string): void {
  p.write('package.json', `${JSON.stringify({ ...JSON.parse(p.read('package.json')), version }, null, 2)}\n`);
}

describe('npm run release:check', { timeout: HANG_GUARD }, () => {
  it('passes without a v* tag, fails when the version is below the required bump, passes once raised', () => {
    project = committedProject();
    expect(releaseCheck(project.root)).toMatchObject({ ok: true, message: expect.stringMatching(/^no v\* release tag yet/) });
    setVersion(project, '0.3.1');
    git(project.root, 'commit', '-q', '-am', 'version');
    git(project.root, 'tag', 'v0.3.1');
    removeAndAddMetric(project);
    const failing = releaseCheck(project.root);
    expect(failing.ok).toBe(false);
    expect(failing.message).toMatch(/require a major bump: package.json says 0.3.1, at least 0.4.0 is needed/);
    setVersion(project, '0.4.0');
    expect(releaseCheck(project.root).ok).toBe(true);
  });

  it('computes the smallest version for a bump (0.x: breaking raises the minor number)', () => {
    expect(minimumVersion([0, 3, 1], 'major')).toEqual([0, 4, 0]);
    expect(minimumVersion([0, 3, 1], 'minor')).toEqual([0, 3, 2]);
    expect(minimumVersion([1, 2, 3], 'major')).toEqual([2, 0, 0]);
    expect(minimumVersion([1, 2, 3], 'minor')).toEqual([1, 3, 0]);
    expect(minimumVersion([1, 2, 3], 'patch')).toEqual([1, 2, 4]);
    expect(minimumVersion([1, 2, 3], 'none')).toEqual([1, 2, 3]);
  });
});

describe('changelog', () => {
  const report = {
    bump: 'major' as const,
    changes: [
      { kind: 'breaking' as const, path: 'names/v2/facebook/metrics/insights_views', breaking: true, detail: 'catalog name removed' },
      { kind: 'additive' as const, path: 'names/v2/facebook/metrics/page_saves_change', breaking: false, detail: 'catalog name added' },
      { kind: 'additive' as const, path: 'names/v2/facebook/metrics/page_shares_change', breaking: false, detail: 'catalog name added' },
    ],
  };

  it('writes breaking changes first, grouped by area and kind', () => {
    expect(unreleasedSection(report, 'v0.3.1')).toBe(
      [
        '## Unreleased (since v0.3.1; required bump: major)',
        '',
        '### Breaking',
        '',
        '- `names/v2/facebook/metrics`: catalog name removed: `insights_views`',
        '',
        '### Added',
        '',
        '- `names/v2/facebook/metrics`: catalog name added: `page_saves_change`, `page_shares_change`',
        '',
      ].join('\n'),
    );
  });

  it('replaces the Unreleased section and keeps released ones', () => {
    const first = updatedChangelog(undefined, unreleasedSection(report, 'v0.3.1'));
    const released = first.replace('## Unreleased (since v0.3.1; required bump: major)', '## 0.4.0');
    const next = updatedChangelog(released, unreleasedSection({ changes: [], bump: 'none' }, 'v0.4.0'));
    expect(next).toContain('## Unreleased (since v0.4.0; required bump: none)\n\nNo change of the public surface.');
    expect(next).toContain('## 0.4.0\n\n### Breaking');
    expect(next.indexOf('## Unreleased')).toBeLessThan(next.indexOf('## 0.4.0'));
  });

  it('names a member change by its whole operation, whatever the number of path segments', () => {
    const members = {
      bump: 'minor' as const,
      changes: [
        { kind: 'docs' as const, path: 'response/POST /2/facebook/page/posts/data.posts[].video_id', breaking: false, detail: 'description changed' },
        { kind: 'docs' as const, path: 'response/POST /2/facebook/page/posts/data.remaining', breaking: false, detail: 'description changed' },
        { kind: 'breaking' as const, path: 'response/GET /1/facebook/profiles/profiles[].id', breaking: true, detail: 'required: true -> false' },
        { kind: 'additive' as const, path: 'request/POST /2/{network}/metrics/profiles', breaking: false, detail: 'member added' },
      ],
    };
    const lines = unreleasedSection(members, 'v1.0.0').split('\n').filter((line) => line.startsWith('- '));
    expect(lines).toEqual([
      '- `response GET /1/facebook/profiles`: required: true -> false: `profiles[].id`',
      '- `request POST /2/{network}/metrics`: member added: `profiles`',
      '- `response POST /2/facebook/page/posts`: description changed: `data.posts[].video_id`, `data.remaining`',
    ]);
  });

  it('renders on the Changes page with anchors and code spans', () => {
    expect(changelogHtml(updatedChangelog(undefined, unreleasedSection(report, 'v0.3.1')))).toContain(
      '<h2 id="unreleased-since-v0-3-1-required-bump-major">Unreleased (since v0.3.1; required bump: major)</h2>',
    );
    expect(changelogHtml('# Changelog\n\n- `a`: b\n')).toBe('<ul class="changes">\n<li><code>a</code>: b</li>\n</ul>');
  });
});

function makeModel() {
  return loadModel(PROJECT_ROOT);
}
