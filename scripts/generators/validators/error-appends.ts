/**
 * Folds ajv's error appends into calls of one function. ajv's standalone code spells out every
 * error it may report (about 110 in the request code, 250 in the response modules) as
 *
 *   const err7 = { instancePath: ..., schemaPath: "...", keyword: "...", params: {...} };
 *   if (vErrors === null) { vErrors = [err7]; } else { vErrors.push(err7); }
 *
 * which this step writes as `vErrors = appendError(vErrors, ..., "#/.../pattern", {...});`, the
 * function defined once per module: the same error object, in the same place of the same list.
 * The keyword is the last token of the schema path (ajv writes the path of the keyword's value),
 * so the call leaves it out; an append whose keyword is not that token is not folded.
 * The statements are found in the syntax tree of the code (TypeScript's parser), not by matching
 * text: an append of any other form is left as ajv wrote it, and the step stops when a folded
 * `errN` is read anywhere else. Nothing else of the code changes.
 */
import ts from 'typescript';

/** The name of the function each module defines; ajv writes no name of this form. */
export const APPEND_FUNCTION = 'appendError';

/** The function, as a module-level declaration (hoisted: it is appended at the end of the module). */
const APPEND_DEFINITION = [
  '',
  `/** Appends one error to the list (null before the first): ajv's error append, written once. */`,
  `function ${APPEND_FUNCTION}(vErrors, instancePath, schemaPath, params) {`,
  '  const err = { instancePath, schemaPath, keyword: schemaPath.slice(schemaPath.lastIndexOf("/") + 1), params };',
  '  if (vErrors === null) return [err];',
  '  vErrors.push(err);',
  '  return vErrors;',
  '}',
  '',
].join('\n');

/** The members of ajv's error object, in its order. */
const MEMBERS = ['instancePath', 'schemaPath', 'keyword', 'params'];

/**
 * `{ instancePath, schemaPath: "...", keyword: "...", params: ... }` whose keyword is the last
 * token of its schema path: the instance path, schema path and params as code, else undefined.
 */
function errorValues(node: ts.Expression, file: ts.SourceFile): string[] | undefined {
  if (!ts.isObjectLiteralExpression(node) || node.properties.length !== MEMBERS.length) return undefined;
  const values: ts.Expression[] = [];
  for (const [i, property] of node.properties.entries()) {
    if (property.name === undefined || !ts.isIdentifier(property.name) || property.name.text !== MEMBERS[i]) return undefined;
    if (ts.isShorthandPropertyAssignment(property)) values.push(property.name);
    else if (ts.isPropertyAssignment(property)) values.push(property.initializer);
    else return undefined;
  }
  const [instancePath, schemaPath, keyword, params] = values;
  if (!ts.isStringLiteral(schemaPath) || !ts.isStringLiteral(keyword) || schemaPath.text.slice(schemaPath.text.lastIndexOf('/') + 1) !== keyword.text) return undefined;
  return [instancePath, schemaPath, params].map((value) => value.getText(file));
}

/** The code of `node` without whitespace. */
const compact = (node: ts.Node, file: ts.SourceFile) => node.getText(file).replace(/\s+/g, '');

/** One fold: the text range of the two statements and what replaces them. */
interface Fold {
  start: number;
  end: number;
  text: string;
  name: string;
  /** The function the append is in, where its name must occur in these two statements only. */
  scope: ts.Node;
}

/** `code` with its error appends folded and the append function defined. `where` names it in errors. */
export function foldErrorAppends(code: string, where: string): string {
  const file = ts.createSourceFile('validators.js', code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const folds: Fold[] = [];
  const visit = (node: ts.Node, scope: ts.Node) => {
    const inner = ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) ? node : scope;
    if (ts.isBlock(node) || ts.isSourceFile(node)) {
      const statements = node.statements;
      for (let i = 0; i + 1 < statements.length; i++) {
        const declared = statements[i];
        if (!ts.isVariableStatement(declared) || !(declared.declarationList.flags & ts.NodeFlags.Const)) continue;
        const [declaration, ...more] = declared.declarationList.declarations;
        if (more.length || !ts.isIdentifier(declaration.name) || !/^err\d+$/.test(declaration.name.text) || !declaration.initializer) continue;
        const values = errorValues(declaration.initializer, file);
        const name = declaration.name.text;
        const append = statements[i + 1];
        if (!values || !ts.isIfStatement(append) || compact(append, file) !== `if(vErrors===null){vErrors=[${name}];}else{vErrors.push(${name});}`) continue;
        folds.push({ start: declared.getStart(file), end: append.getEnd(), text: `vErrors = ${APPEND_FUNCTION}(vErrors, ${values.join(', ')});`, name, scope: inner });
      }
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(file, file);
  if (new RegExp(`\\b${APPEND_FUNCTION}\\b`).test(code)) throw new Error(`${where}: the code already names ${APPEND_FUNCTION}`);
  for (const fold of folds) {
    const scope = fold.scope.getText(file);
    const uses = scope.match(new RegExp(`\\b${fold.name}\\b`, 'g'))?.length ?? 0;
    if (uses !== 3) throw new Error(`${where}: ${fold.name} is read outside its error append`);
  }
  let out = code;
  for (const fold of [...folds].sort((a, b) => b.start - a.start)) out = out.slice(0, fold.start) + fold.text + out.slice(fold.end);
  return folds.length ? `${out.trimEnd()}\n${APPEND_DEFINITION}` : out;
}
