/**
 * The README is a user guide, not a journal: at most 400 lines, an Install section before the
 * quick start, links that resolve, `npm run` commands that exist. It and the design documents
 * (docs/, bench/README.md) name no issue numbers, no dates of measurement and no work sessions.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const MAX_README_LINES = 400;

const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December)';
/** What a journal says and a user guide does not, each with a name for the failure message. */
const JOURNAL: [string, RegExp][] = [
  ['an issue number', /\bissues?\s+#?\d+/i],
  ['a pull request number', /\b(?:PR|pull request)\s+#?\d+/i],
  ['a date of measurement', new RegExp(`\\b(?:measured|last run|run|as of|benchmarked|timed)\\b[^.\\n]{0,60}?(?:\\b\\d{4}-\\d\\d-\\d\\d\\b|\\b\\d{1,2} ${MONTH} \\d{4}\\b|\\b${MONTH} \\d{1,2},? \\d{4}\\b)`, 'i')],
  ['a work session', /\b(?:this|last|earlier|previous|second|first|next) session\b/i],
];

/** The offences of `text`: "<file>:<line>: <what> (<match>)". */
function journalLines(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) =>
    JOURNAL.flatMap(([what, pattern]) => {
      const match = pattern.exec(line);
      return match ? [`${file}:${i + 1}: ${what} ("${match[0]}")`] : [];
    }),
  );
}

function markdownFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? markdownFiles(path) : entry.name.endsWith('.md') ? [path] : [];
  });
}

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('README.md', () => {
  it(`has at most ${MAX_README_LINES} lines`, () => {
    expect(readme.split('\n').length - (readme.endsWith('\n') ? 1 : 0)).toBeLessThanOrEqual(MAX_README_LINES);
  });

  it('has an Install section, with the registry, tarball and git commands, before the quick start', () => {
    const headings = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings.indexOf('Install')).toBeGreaterThanOrEqual(0);
    expect(headings.indexOf('Install')).toBeLessThan(headings.indexOf('Quick start'));
    const install = readme.slice(readme.indexOf('## Install'), readme.indexOf('\n## ', readme.indexOf('## Install') + 1));
    expect(install).toContain('npm install social-analytics-api');
    expect(install).toMatch(/npm install \S+\.tgz/);
    expect(install).toMatch(/npm install git\+https:\/\//);
    expect(install).toContain('npx social-analytics-api validate');
  });

  it('links only to files that exist', () => {
    const targets = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]).filter((t) => !/^[a-z]+:/.test(t));
    expect(targets.length).toBeGreaterThan(3);
    expect(targets.filter((t) => !existsSync(join(ROOT, t)))).toEqual([]);
  });

  it('names only npm scripts that exist', () => {
    const scripts = Object.keys(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts);
    const named = [...readme.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(3);
    expect([...new Set(named)].filter((name) => !scripts.includes(name))).toEqual([]);
  });
});

describe('README.md, docs/ and bench/README.md', () => {
  const files = ['README.md', 'bench/README.md', ...markdownFiles('docs')];

  it('include the design documents', () => {
    expect(files).toContain(join('docs', 'architecture.md'));
    expect(files.filter((f) => f.startsWith(join('docs', 'decisions'))).length).toBeGreaterThan(3);
  });

  it('name no issue numbers, no dates of measurement and no work sessions', () => {
    expect(files.flatMap((file) => journalLines(file, readFileSync(join(ROOT, file), 'utf8')))).toEqual([]);
  });

  it.each([
    ['the work on issue 13', 'an issue number'],
    ['see Issue #28 for more', 'an issue number'],
    ['Last run: Linux, measured on 2026-11-26 with no load', 'a date of measurement'],
    ['figures measured 26 November 2026', 'a date of measurement'],
    ['after the second session of the day', 'a work session'],
  ])('finds %j', (line, what) => {
    expect(journalLines('x.md', line)).toEqual([`x.md:1: ${what} (${JSON.stringify(JOURNAL.find(([w]) => w === what)![1].exec(line)![0])})`]);
  });

  it('lets dates in examples pass', () => {
    expect(journalLines('x.md', "date_start: '2026-01-01', date_end: '2026-01-31' // 2024-01-15 -> 2024-04-14")).toEqual([]);
  });
});
