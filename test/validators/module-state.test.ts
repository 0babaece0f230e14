/**
 * The response validators and the request checks keep nothing from one call to the next at module
 * level: every module-level binding of every module `validateResponse` and `checkRequest` reach
 * (src/validators/, src/request-checks/, the calendar, the operation lookup, the generated data
 * they read) is a `const` whose value cannot change (primitives,
 * functions, frozen or read-only typed data, regular expressions without the stateful `g`/`y`
 * flags). Read with the TypeScript compiler's types, not with patterns over the source. A memo
 * that pays belongs to an instance (`createResponseValidator()`), not to a module.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/** Containers whose contents can change whatever the binding's declaration says. */
const MUTABLE_CONTAINERS = new Set([
  'Array',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'WeakRef',
  'Date',
  'ArrayBuffer',
  'SharedArrayBuffer',
  'DataView',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
]);

/**
 * Whether a property cannot be assigned: declared `readonly`, made read-only by `as const`,
 * `Readonly<T>` or `Object.freeze`, or a getter without a setter. The compiler keeps the first
 * two answers in symbol flags it does not publish in its declarations (pinned TypeScript).
 */
function isReadonlyProperty(symbol: ts.Symbol): boolean {
  const internal = ts as unknown as { getCheckFlags(s: ts.Symbol): number; getDeclarationModifierFlagsFromSymbol(s: ts.Symbol): number; CheckFlags: { Readonly: number } };
  if (internal.getCheckFlags(symbol) & internal.CheckFlags.Readonly) return true;
  if (internal.getDeclarationModifierFlagsFromSymbol(symbol) & ts.ModifierFlags.Readonly) return true;
  return (symbol.flags & ts.SymbolFlags.GetAccessor) !== 0 && (symbol.flags & ts.SymbolFlags.SetAccessor) === 0;
}

/**
 * The one table allowed at module level: src/core/constant-table.ts, whose entries are made on
 * first use by a function of the key alone and never replaced (test/validators/constant-table.test.ts),
 * so what it holds never changes what a call finds. Known by its declaration, not its name.
 */
const CONSTANT_TABLE = join(ROOT, 'src/core/constant-table.ts');
const isConstantTable = (symbol: ts.Symbol | undefined): boolean =>
  symbol?.getName() === 'ConstantTable' && (symbol.declarations ?? []).some((d) => d.getSourceFile().fileName === CONSTANT_TABLE);

/** Why a value of `type` can change (a path to the mutable part), or undefined when it cannot. */
function mutablePart(program: ts.Program, type: ts.Type, depth = 0, seen = new Set<ts.Type>()): string | undefined {
  if (depth > 4 || seen.has(type)) return undefined;
  seen.add(type);
  const checker = program.getTypeChecker();
  if (type.isUnion() || type.isIntersection()) {
    for (const part of type.types) {
      const why = mutablePart(program, part, depth, seen);
      if (why) return why;
    }
    return undefined;
  }
  if (!(type.flags & ts.TypeFlags.Object)) return undefined; // primitives, literals, symbols
  const symbol = type.getSymbol();
  const name = symbol?.getName();
  if (name && MUTABLE_CONTAINERS.has(name)) return `a ${name}`;
  if (isConstantTable(symbol)) return undefined;
  if (type.getCallSignatures().length || type.getConstructSignatures().length) return undefined; // functions and classes
  // A module namespace: its members are import bindings, which cannot be assigned.
  if (symbol && symbol.flags & ts.SymbolFlags.ValueModule) return undefined;
  if ((type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference) {
    for (const argument of checker.getTypeArguments(type as ts.TypeReference)) {
      const why = mutablePart(program, argument, depth + 1, seen);
      if (why) return `holds ${why}`;
    }
  }
  for (const index of checker.getIndexInfosOfType(type)) {
    if (!index.isReadonly) return 'an index signature that can be assigned';
    const why = mutablePart(program, index.type, depth + 1, seen);
    if (why) return `holds ${why}`;
  }
  // The standard library's other types (ReadonlyArray, ReadonlyMap, RegExp, ...): their contents are their type arguments.
  if (symbol?.declarations?.some((d) => program.isSourceFileDefaultLibrary(d.getSourceFile()))) return undefined;
  for (const property of type.getProperties()) {
    if (property.flags & (ts.SymbolFlags.Method | ts.SymbolFlags.Prototype)) continue;
    if (!isReadonlyProperty(property)) return `member ${property.getName()} can be assigned`;
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    const memberType = declaration ? checker.getTypeOfSymbolAtLocation(property, declaration) : checker.getDeclaredTypeOfSymbol(property);
    const why = mutablePart(program, memberType, depth + 1, seen);
    if (why) return `member ${property.getName()}: ${why}`;
  }
  return undefined;
}

/** The module-level state of `files` of `program`: one line per binding whose value can change. */
function moduleState(program: ts.Program, files: readonly string[]): string[] {
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file)!;
    const at = (node: ts.Node) => `${relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    for (const statement of source.statements) {
      if (ts.isVariableStatement(statement)) {
        const list = statement.declarationList;
        for (const declaration of list.declarations) {
          const name = declaration.name.getText();
          if (!(list.flags & ts.NodeFlags.Const)) {
            found.push(`${at(declaration)} ${name}: declared with ${list.flags & ts.NodeFlags.Let ? 'let' : 'var'}`);
            continue;
          }
          const init = declaration.initializer;
          if (init && ts.isRegularExpressionLiteral(init) && /\/[a-z]*[gy][a-z]*$/.test(init.text)) {
            found.push(`${at(declaration)} ${name}: a regular expression with the g or y flag keeps lastIndex`);
            continue;
          }
          const why = mutablePart(program, checker.getTypeAtLocation(declaration.name));
          if (why) found.push(`${at(declaration)} ${name}: ${why}`);
        }
      } else if (ts.isClassDeclaration(statement)) {
        for (const member of statement.members) {
          if (!ts.isPropertyDeclaration(member) || !(ts.getCombinedModifierFlags(member) & ts.ModifierFlags.Static)) continue;
          const readonly = (ts.getCombinedModifierFlags(member) & ts.ModifierFlags.Readonly) !== 0;
          const why = readonly ? mutablePart(program, checker.getTypeAtLocation(member)) : 'can be assigned';
          if (why) found.push(`${at(member)} static ${member.name.getText()}: ${why}`);
        }
      }
    }
  }
  return found;
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

describe('module-level state', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'module-state-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const validators = sourcesUnder(join(ROOT, 'src/validators'));
  /** The entries of `validateResponse` and `checkRequest` (both versions' and each version's own). */
  const entries = ['src/validators/index.ts', 'src/request-checks/check.ts'].map((f) => join(ROOT, f));
  const sample = join(scratch, 'sample.ts');
  writeFileSync(
    sample,
    [
      'let last: string | undefined;',
      'var count = 0;',
      'const cache = new Map<string, number>();',
      'const seen = new WeakMap<object, boolean>();',
      'const list: string[] = [];',
      'const marks = new Uint32Array(8);',
      'const memo = { last: undefined as string | undefined };',
      'const nested: { readonly items: number[] } = { items: [] };',
      'const sticky = /a/g;',
      'const byName: Record<string, string> = {};',
      'class Holder { static current = 0; }',
      '// Accepted:',
      'const table: ReadonlyMap<string, number> = new Map([["a", 1]]);',
      'const names: ReadonlySet<string> = new Set(["a"]);',
      'const frozen = Object.freeze([1, 2]);',
      'const frozenObject = Object.freeze({ a: 1 });',
      'const shapes = { date: "a date" } as const;',
      'const messages: Readonly<Record<string, string>> = { a: "b" };',
      'const limit = 8;',
      'const pattern = /^a$/;',
      'const marker = Symbol("m");',
      'function f(): number { return limit; }',
      'class Counter { private count = 0; next(): number { return ++this.count; } }',
      `import { ConstantTable } from ${JSON.stringify(CONSTANT_TABLE.replace(/\.ts$/, '.js'))};`,
      'const facts = new ConstantTable((key: string) => ({ key }));',
      'class ConstantTableLookalike { private readonly made = new Map<string, object>(); }',
      'const lookalike = new ConstantTableLookalike();',
      'export { last, count, cache, seen, list, marks, memo, nested, sticky, byName, messages, Holder, table, names, frozen, frozenObject, shapes, pattern, marker, f, Counter, facts, lookalike };',
    ].join('\n'),
  );
  /** One program for both tests: the validators and a sample of every kind of module-level state. */
  let program: ts.Program | undefined;
  const programOf = () =>
    (program ??= ts.createProgram([...entries, ...validators, sample], {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
    }));

  it('src/validators/ has none: every module-level binding is a const whose value cannot change', () => {
    expect(validators.length).toBeGreaterThan(10);
    expect(moduleState(programOf(), validators)).toEqual([]);
  });

  // generated/: the compiled validators' code is guarded by generated-state.test.ts; its data
  // modules are read through src/catalog/'s read-only types, which are checked here.
  it('nor has any module of src/ that validateResponse and checkRequest reach', () => {
    const reached = programOf()
      .getSourceFiles()
      .map((f) => f.fileName)
      .filter((f) => !f.endsWith('.d.ts') && f.startsWith(join(ROOT, 'src') + '/'));
    for (const module of ['src/request-checks/name-sets.ts', 'src/calendar/days.ts', 'src/operations/operation-of.ts', 'src/core/problems/problem-list.ts']) expect(reached).toContain(join(ROOT, module));
    expect(moduleState(programOf(), reached)).toEqual([]);
  });

  it('finds each kind of module-level state, and accepts read-only data', () => {
    expect(moduleState(programOf(), [sample]).map((line) => line.replace(/^[^ ]+ /, ''))).toEqual([
      'last: declared with let',
      'count: declared with var',
      'cache: a Map',
      'seen: a WeakMap',
      'list: a Array',
      'marks: a Uint32Array',
      'memo: member last can be assigned',
      'nested: member items: a Array',
      'sticky: a regular expression with the g or y flag keeps lastIndex',
      'byName: an index signature that can be assigned',
      'static current: can be assigned',
      'lookalike: member made: a Map',
    ]);
  });
});
