/**
 * Temporary copies of the project's pipeline inputs (catalogs/, spec/, redocly.yaml, CHANGELOG.md,
 * README.md, package.json, a link to node_modules and, when asked, generated/) for tests that break a
 * catalog or run the pipeline elsewhere.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';

/** The project root (this file is test/pipeline/temp-project.ts). */
export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const INPUTS = ['catalogs', 'spec', 'redocly.yaml', 'package.json', 'CHANGELOG.md', 'README.md'];

export interface TempProject {
  root: string;
  /** Reads a file of the copy as text. */
  read(rel: string): string;
  write(rel: string, text: string): void;
  /** Replaces exactly one occurrence of `from`; fails the test when it is not there once. */
  replace(rel: string, from: string, to: string): void;
  /** Parses a YAML file of the copy, lets `edit` change the data, and writes it back. */
  editYaml(rel: string, edit: (data: any) => void): void;
  /** 1-based number of the first line of `rel` that contains `text`. */
  lineOf(rel: string, text: string): number;
  remove(): void;
}

/** `withGenerated`: also copy generated/; `withSources`: also copy src/ and tsconfig.json (the generators import src/ modules). */
export function makeTempProject(options: { withGenerated?: boolean; withSources?: boolean } = {}): TempProject {
  const root = mkdtempSync(join(tmpdir(), 'sa-test-project-'));
  for (const entry of [...INPUTS, ...(options.withGenerated ? ['generated'] : []), ...(options.withSources ? ['src', 'tsconfig.json'] : [])]) {
    cpSync(join(PROJECT_ROOT, entry), join(root, entry), { recursive: true });
  }
  // Steps that bundle or run tools resolve packages from the root.
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  const project: TempProject = {
    root,
    read: (rel) => readFileSync(join(root, rel), 'utf8'),
    write: (rel, text) => writeFileSync(join(root, rel), text),
    replace(rel, from, to) {
      const text = project.read(rel);
      const count = text.split(from).length - 1;
      if (count !== 1) throw new Error(`test setup: expected "${from}" once in ${rel}, found it ${count} times`);
      project.write(rel, text.replace(from, to));
    },
    editYaml(rel, edit) {
      const data = parse(project.read(rel));
      edit(data);
      project.write(rel, stringify(data));
    },
    lineOf(rel, text) {
      const index = project.read(rel).split('\n').findIndex((line) => line.includes(text));
      if (index === -1) throw new Error(`test setup: "${text}" is not in ${rel}`);
      return index + 1;
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
  return project;
}
