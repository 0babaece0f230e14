/**
 * The module graph of the package: generated/ is a leaf (no generated file imports src/, so the
 * generated code is data, types and standalone validators that src/ wraps); src/shared/ (catalog
 * types, JSON pointers, value guards, date-time patterns, builder names, constraint rule lookup,
 * the commands' help and the reporter names) is the leaf that scripts/ and the runtime share, and the one folder of src/ that scripts/
 * reaches; src/core/ (problems, rule lookup) is the floor every other folder imports, and no
 * arrow runs back up; src/cli/ (argument parsing, commands, files, threads) is the top: no other
 * folder imports it, the proxy and the report room (src/report/) included; no import cycle runs
 * through src/, generated/ or scripts/ (madge, with the project's TypeScript configuration,
 * type-only imports included).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import madge from 'madge';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../pipeline/temp-project.js';

const CODE = /\.(?:ts|js|mjs|cjs)$/;

/** Every code file under generated/ (the docs site's pages and script are not modules of the package). */
function generatedFiles(): string[] {
  return readdirSync(join(PROJECT_ROOT, 'generated'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && CODE.test(e.name))
    .map((e) => relative(PROJECT_ROOT, join(e.parentPath, e.name)).split('\\').join('/'))
    .filter((file) => !file.startsWith('generated/site/'))
    .sort();
}

/**
 * The module specifiers `text` imports, as the TypeScript compiler reads them: static and
 * type-only imports, re-exports, `import()` and `require()`.
 */
function importedSpecifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/** The project files under src/ that `file` imports (by relative path or by the package's own name). */
function srcImports(file: string): string[] {
  const text = readFileSync(join(PROJECT_ROOT, file), 'utf8');
  return importedSpecifiers(text)
    .map((specifier) =>
      specifier.startsWith('.')
        ? relative(PROJECT_ROOT, resolve(PROJECT_ROOT, dirname(file), specifier)).split('\\').join('/')
        : specifier,
    )
    .filter((target) => target.startsWith('src/') || target === 'social-analytics-api' || target.startsWith('social-analytics-api/'));
}

describe('generated/ is a leaf', () => {
  it('reads every kind of import, type-only ones and require() included', () => {
    const text = [
      "import type { A } from '../src/a.js';",
      "import { b } from './b.js';",
      "export { c } from '../../src/c.js';",
      "export type * from './d.js';",
      "const e = require('./e.cjs');",
      "const f = await import('../src/f.js');",
    ].join('\n');
    expect(importedSpecifiers(text)).toEqual(['../src/a.js', './b.js', '../../src/c.js', './d.js', './e.cjs', '../src/f.js']);
  });

  it('no generated file imports src/', () => {
    const files = generatedFiles();
    expect(files).toContain('generated/builders/v2.ts');
    expect(files).toContain('generated/validators/shared/failure.cjs');
    const importing = files.filter((file) => srcImports(file).length > 0);
    expect(importing, 'generated files importing src/').toEqual([]);
  });
});

/** The src/ folders a module of `folder` may import (besides its own and generated/): the layers below it. */
const LOWER: Readonly<Record<string, readonly string[]>> = {
  shared: [],
  core: ['shared'],
  calendar: ['core', 'catalog', 'shared'],
  catalog: ['core', 'shared'],
  operations: ['core', 'catalog', 'shared'],
};

/** The src/ folder of a project file (`src/core/problems/problem.ts` -> `core`), or undefined. */
const srcFolder = (file: string) => (file.startsWith('src/') && file.split('/').length > 2 ? file.split('/')[1] : undefined);

describe('no arrow back up in src/', () => {
  it('the bottom folders import only the folders below them', () => {
    const files = readdirSync(join(PROJECT_ROOT, 'src'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && CODE.test(e.name))
      .map((e) => relative(PROJECT_ROOT, join(e.parentPath, e.name)).split('\\').join('/'));
    expect(files).toContain('src/shared/values.ts');
    const upward: string[] = [];
    for (const file of files) {
      const folder = srcFolder(file);
      const allowed = folder === undefined ? undefined : LOWER[folder];
      if (!allowed) continue;
      for (const target of srcImports(file)) {
        const to = srcFolder(target);
        if (to !== folder && !allowed.includes(to ?? '')) upward.push(`${file} -> ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('the request checks and the capture readers do not reach into the validators', () => {
    const files = readdirSync(join(PROJECT_ROOT, 'src'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && CODE.test(e.name))
      .map((e) => relative(PROJECT_ROOT, join(e.parentPath, e.name)).split('\\').join('/'))
      .filter((file) => ['request-checks', 'captures'].includes(srcFolder(file) ?? ''));
    const reaching = files.flatMap((file) => srcImports(file).filter((t) => t.startsWith('src/validators/')).map((t) => `${file} -> ${t}`));
    expect(reaching).toEqual([]);
  });

  it("the validators' facts and rule tables stand below their harness: rules/ and facts/ import nothing from checks/, facts/ nothing from rules/", () => {
    const facts = codeFiles('src/validators/facts');
    expect(facts).toContain('src/validators/facts/values.ts');
    const arrows = [...codeFiles('src/validators/rules'), ...facts].flatMap((file) =>
      srcImports(file)
        .filter((target) => target.startsWith('src/validators/checks/') || (file.startsWith('src/validators/facts/') && target.startsWith('src/validators/rules/')))
        .map((target) => `${file} -> ${target}`),
    );
    expect(arrows).toEqual([]);
  });
});

/** Every code file under `dir` of the project, as a path from the root. */
const codeFiles = (dir: string) =>
  readdirSync(join(PROJECT_ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && CODE.test(e.name))
    .map((e) => relative(PROJECT_ROOT, join(e.parentPath, e.name)).split('\\').join('/'));

describe('scripts/ and src/ share one leaf, src/shared/', () => {
  it('scripts/ imports nothing from src/ but src/shared/', () => {
    const files = codeFiles('scripts');
    expect(files).toContain('scripts/model/types.ts');
    const arrows = files.flatMap((file) => srcImports(file).map((target) => `${file} -> ${target}`));
    expect(arrows.filter((a) => a.includes(' -> src/shared/')).length).toBeGreaterThan(5);
    expect(arrows.filter((a) => !a.includes(' -> src/shared/'))).toEqual([]);
  });

  it('src/shared/ imports nothing from the rest of src/, and from generated/ only types', () => {
    const files = codeFiles('src/shared');
    expect(files).toContain('src/shared/catalog-types.ts');
    expect(files.flatMap((file) => srcImports(file).filter((t) => !t.startsWith('src/shared/')).map((t) => `${file} -> ${t}`))).toEqual([]);
    const valueImports = files.flatMap((file) =>
      ts
        .createSourceFile(file, readFileSync(join(PROJECT_ROOT, file), 'utf8'), ts.ScriptTarget.Latest)
        .statements.filter((s) => (ts.isImportDeclaration(s) && !s.importClause?.isTypeOnly) || (ts.isExportDeclaration(s) && s.moduleSpecifier && !s.isTypeOnly))
        .map((s) => `${file} -> ${((s as ts.ImportDeclaration).moduleSpecifier as ts.StringLiteral).text}`)
        .filter((arrow) => arrow.includes('generated/')),
    );
    expect(valueImports).toEqual([]);
  });
});

describe('the CLI is the top of src/', () => {
  it('no module outside src/cli/ imports it: the proxy and the report room stand below the commands', () => {
    const files = readdirSync(join(PROJECT_ROOT, 'src'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && CODE.test(e.name))
      .map((e) => relative(PROJECT_ROOT, join(e.parentPath, e.name)).split('\\').join('/'))
      .filter((file) => srcFolder(file) !== 'cli');
    expect(files).toContain('src/proxy/proxy.ts');
    expect(files).toContain('src/report/check-response.ts');
    expect(files).toContain('src/report/reporters/sarif.ts');
    const intoCli = files.flatMap((file) => srcImports(file).filter((t) => srcFolder(t) === 'cli').map((t) => `${file} -> ${t}`));
    expect(intoCli).toEqual([]);
  });

  it('the report room does not reach into the proxy', () => {
    const files = readdirSync(join(PROJECT_ROOT, 'src', 'report'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && CODE.test(e.name))
      .map((e) => relative(PROJECT_ROOT, join(e.parentPath, e.name)).split('\\').join('/'));
    const intoProxy = files.flatMap((file) => srcImports(file).filter((t) => srcFolder(t) === 'proxy').map((t) => `${file} -> ${t}`));
    expect(intoProxy).toEqual([]);
  });
});

describe('import cycles', () => {
  it('none in src/, generated/ or scripts/', async () => {
    const graph = await madge(['src', 'generated', 'scripts'], {
      baseDir: PROJECT_ROOT,
      fileExtensions: ['ts', 'mts', 'mjs', 'js'],
      tsConfig: join(PROJECT_ROOT, 'tsconfig.json'),
      excludeRegExp: [/^generated\/site\//],
    });
    const files = Object.keys(graph.obj());
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain('scripts/generators/validators/validators-rules.ts');
    expect(graph.circular()).toEqual([]);
  }, 120_000);
});
