/**
 * One operation lookup: src/operations/operation-of.ts is the only module that reads API paths.
 * No other module of src/ holds a regular expression of an API path (`/2/...`, `/{network}/metrics`),
 * and the lookup keeps no mutable state at module level. Read with the TypeScript compiler.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../pipeline/temp-project.js';

const LOOKUP = 'src/operations/operation-of.ts';

/**
 * What a regular expression that matches API paths holds: a version segment (`\/2`, `\/[12]`,
 * `\/(\d)`), or an operation's last segment (`\/metrics`, `metrics$`, `\/profiles`, ...).
 */
const PATH_PIECES: readonly RegExp[] = [/\\\/\(?\[?(?:[12]|\\d)/, /\\\/(?:metrics|profiles|posts|labels)\b/, /metrics\$/];

function sourceFile(name: string, text: string): ts.SourceFile {
  return ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true);
}

/** The regular expression literals of `file` (`new RegExp` with a string too) that read API paths. */
function pathPatterns(file: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const text = ts.isRegularExpressionLiteral(node)
      ? node.text
      : ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp' && node.arguments?.[0] && ts.isStringLiteralLike(node.arguments[0])
        ? node.arguments[0].text
        : undefined;
    if (text !== undefined && PATH_PIECES.some((piece) => piece.test(text))) found.push(text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function srcFiles(): string[] {
  return readdirSync(join(PROJECT_ROOT, 'src'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(PROJECT_ROOT, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

describe('API paths are read in one place', () => {
  it('finds the path patterns of a module', () => {
    const text = [
      "const a = /^\\/([12])\\/([a-z]+)\\/metrics$/.exec(path);",
      "const b = new RegExp('^\\\\/[12]\\\\/');",
      "const c = /^\\/2\\//;",
      "const d = /\\/profiles$/;",
      "const pointer = /~1/g;",
      "const index = /^\\d+$/;",
    ].join('\n');
    expect(pathPatterns(sourceFile('sample.ts', text))).toEqual(['/^\\/([12])\\/([a-z]+)\\/metrics$/', '^\\/[12]\\/', '/^\\/2\\//', '/\\/profiles$/']);
  });

  it('no module but the operation lookup holds a regular expression of an API path', () => {
    const files = srcFiles();
    expect(files).toContain(LOOKUP);
    const readers = files.filter((name) => pathPatterns(sourceFile(name, readFileSync(join(PROJECT_ROOT, name), 'utf8'))).length > 0);
    expect(readers).toEqual([]);
  });

  it('the lookup keeps no mutable state at module level: no let or var, its tables read-only', () => {
    const file = sourceFile(LOOKUP, readFileSync(join(PROJECT_ROOT, LOOKUP), 'utf8'));
    const declarations = file.statements.filter(ts.isVariableStatement);
    expect(declarations.length).toBeGreaterThan(0);
    for (const statement of declarations) {
      expect(statement.declarationList.flags & ts.NodeFlags.Const, statement.getText()).toBeTruthy();
      for (const declaration of statement.declarationList.declarations) {
        expect(declaration.type?.getText() ?? '', declaration.name.getText()).toMatch(/^(Readonly|readonly )/);
      }
    }
  });
});
