/**
 * Every type a public signature names is exported from a public entry point: otherwise a user's
 * library that emits declarations and returns such a value (a metrics `header`, a validator)
 * gets TS2742 ("the inferred type cannot be named without a reference to ..."), as its
 * declaration file would have to import an internal file that `exports` does not expose.
 * `forgottenTypes` reads the installed package's declarations with the TypeScript checker: from
 * what each entry exports, it follows every type reference, `typeof` query and heritage clause
 * of the declarations, through every named type it reaches, and lists those of the package that
 * no entry exports (as API Extractor's "forgotten export" does).
 */
import { relative } from 'node:path';
import ts from 'typescript';

export interface ForgottenType {
  /** The type's name and the declaration file that holds it (relative to the package). */
  name: string;
  file: string;
  /** The public declaration, or the forgotten type, whose signature names it. */
  namedBy: string;
}

/** The forgotten types of the package at `packageDir` for its entries' declaration files (`types` of `exports`). */
export function forgottenTypes(packageDir: string, entryDeclarations: string[], options: ts.CompilerOptions): ForgottenType[] {
  const program = ts.createProgram(entryDeclarations, { noEmit: true, types: [], skipLibCheck: true, ...options });
  const checker = program.getTypeChecker();
  const inPackage = (file: string) => !relative(packageDir, file).startsWith('..') && !relative(packageDir, file).split(/[\\/]/).includes('node_modules');
  const resolve = (symbol: ts.Symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
  const exported = new Set<ts.Symbol>();
  for (const file of entryDeclarations) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(file)!);
    for (const symbol of module ? checker.getExportsOfModule(module) : []) exported.add(resolve(symbol));
  }
  const named = ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class | ts.SymbolFlags.Enum;
  const forgotten = new Map<ts.Symbol, ForgottenType>();
  const seen = new Set<ts.Symbol>();
  const queue: { symbol: ts.Symbol; by: string }[] = [...exported].map((symbol) => ({ symbol, by: symbol.name }));
  const visit = (node: ts.Node, by: string): void => {
    const name = ts.isTypeReferenceNode(node)
      ? node.typeName
      : ts.isExpressionWithTypeArguments(node)
        ? node.expression
        : ts.isTypeQueryNode(node)
          ? node.exprName
          : ts.isImportTypeNode(node)
            ? node.qualifier
            : undefined;
    const target = name && checker.getSymbolAtLocation(name);
    if (target) queue.push({ symbol: resolve(target), by });
    ts.forEachChild(node, (child) => visit(child, by));
  };
  while (queue.length) {
    const { symbol, by } = queue.shift()!;
    if (seen.has(symbol)) continue;
    seen.add(symbol);
    const declarations = (symbol.declarations ?? []).filter((d) => inPackage(d.getSourceFile().fileName));
    if (!declarations.length || symbol.flags & ts.SymbolFlags.TypeParameter) continue;
    if (!exported.has(symbol) && symbol.flags & named) {
      forgotten.set(symbol, { name: symbol.name, file: relative(packageDir, declarations[0].getSourceFile().fileName), namedBy: by });
    }
    for (const declaration of declarations) visit(declaration, exported.has(symbol) || symbol.flags & named ? symbol.name : by);
  }
  return [...forgotten.values()].sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name));
}
