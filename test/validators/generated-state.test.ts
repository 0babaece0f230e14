/**
 * The generated validators keep no state between calls. Read with the TypeScript parser, not
 * regular expressions: at module level only declarations and `exports.x = ...`; inside functions,
 * assignments only to the function's own bindings, and to `validateN.errors`, ajv's documented
 * slot for the errors of the call just made (the runtime reads it right after the call).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../pipeline/temp-project.js';

/** Every place in `source` that can change state kept beyond a call, as `line: text`. */
export function statefulPlaces(source: string, file = 'module.cjs'): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, true, file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  const found: string[] = [];
  const at = (node: ts.Node) => `${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText().slice(0, 80)}`;
  const moduleNames = new Set<string>();
  for (const statement of sf.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) moduleNames.add(statement.name.text);
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) moduleNames.add(d.name.text);
    if (statement.declarationList.flags & ts.NodeFlags.Let) found.push(at(statement));
  }
  const isErrorsSlot = (target: ts.Expression) => ts.isPropertyAccessExpression(target) && target.name.text === 'errors' && ts.isIdentifier(target.expression) && /^validate\d+$/.test(target.expression.text);
  const isExportsMember = (target: ts.Expression) => ts.isPropertyAccessExpression(target) && ts.isIdentifier(target.expression) && target.expression.text === 'exports';
  const visit = (node: ts.Node, inFunction: boolean) => {
    const entersFunction = ts.isFunctionLike(node);
    let target: ts.Expression | undefined;
    if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) target = node.left;
    if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)) target = node.operand;
    if (target) {
      const allowed = inFunction
        ? (ts.isIdentifier(target) && !moduleNames.has(target.text)) || isErrorsSlot(target) || (!ts.isIdentifier(target) && !(ts.isPropertyAccessExpression(target) && ts.isIdentifier(target.expression) && moduleNames.has(target.expression.text)))
        : isExportsMember(target);
      if (!allowed) found.push(at(node));
    }
    ts.forEachChild(node, (child) => visit(child, inFunction || entersFunction));
  };
  visit(sf, false);
  return found;
}

function generatedModules(): string[] {
  const root = join(PROJECT_ROOT, 'generated/validators');
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.cjs'))
    .map((e) => join(e.parentPath, e.name))
    .concat(join(PROJECT_ROOT, 'generated/request-validators.ts'));
}

describe('generated validators keep no state between calls', () => {
  it('finds module-level assignments, assignments to module bindings and to members of module objects', () => {
    const source = [
      'var schema1 = { a: 1 };',
      'var hits = 0;',
      'let last;',
      'exports.success = validate10;',
      'validate10.members = {};',
      'function validate10(data) {',
      '  let errors = 0;',
      '  errors++;',
      '  const local = {}; local.x = 1;',
      '  hits++;',
      '  schema1.a = 2;',
      '  validate10.report = data;',
      '  validate10.errors = null;',
      '  return errors === 0;',
      '}',
    ].join('\n');
    expect(statefulPlaces(source).map((place) => place.split(':')[0])).toEqual(['3', '5', '10', '11', '12']);
  });

  it('holds for every module of generated/validators and for the request validators', () => {
    const modules = generatedModules();
    expect(modules.length).toBeGreaterThan(5);
    for (const file of modules) expect(statefulPlaces(readFileSync(file, 'utf8'), file), file).toEqual([]);
  });
});
