/**
 * Finds catalog names inside builder calls: a string literal at a name position of the body of a
 * call whose signature returns an `ApiRequest` of a metrics or posts operation
 * (`v2.facebook.metrics({ metrics: ['fans_change'] })`). The operation is read from the call's
 * return type (`operation: 'POST /2/facebook/metrics'`), so every builder, and code generic over
 * networks once the network is known, is recognised the same way. Anything else is not a builder
 * call, and the plugin leaves it to TypeScript.
 */
import type ts from 'typescript';
import { operationOf } from '../operations/operation-of.js';
import { splitOperationKey } from '../operations/request-path.js';
import type { BuilderOperation, Slot } from './catalog-entries.js';

/** A name found in a builder call: the literal, its slot and the operation of the call. */
export interface NameInCall {
  literal: ts.StringLiteralLike;
  slot: Slot;
  operation: BuilderOperation;
}

/** The operation of a key like `POST /2/facebook/page/posts`, if it is a metrics or posts operation of a network. */
function operationOfKey(key: string): BuilderOperation | undefined {
  const split = splitOperationKey(key);
  const operation = split && operationOf(split.method, split.path);
  if (!operation?.network || (operation.kind !== 'metrics' && operation.kind !== 'posts')) return undefined;
  return { version: operation.version, network: operation.network, kind: operation.kind };
}

/** Where a name sits in a body, from the property names on the way up (innermost first). */
const SLOT_OF_PATH: Record<string, Slot> = {
  metrics: 'metric',
  fields: 'field',
  'field sort': 'sort',
  'field filter': 'filter',
  'field match_any filter': 'filter',
  'type dimensions': 'dimension',
};

/** The slots each kind of operation has. */
const SLOTS: Record<BuilderOperation['kind'], readonly Slot[]> = { metrics: ['metric', 'dimension'], posts: ['field', 'sort', 'filter'] };

export class BuilderCalls {
  readonly #ts: typeof ts;

  constructor(typescript: typeof ts) {
    this.#ts = typescript;
  }

  /** `node` without the wrappers that change nothing about its value (`as const`, parentheses, `satisfies`). */
  #outer(node: ts.Node): ts.Node {
    const t = this.#ts;
    let at = node;
    while (t.isParenthesizedExpression(at.parent) || t.isAsExpression(at.parent) || t.isSatisfiesExpression(at.parent)) at = at.parent;
    return at;
  }

  /**
   * The slot of a position inside a body and the body's object literal: `path` are the property
   * names from `start` (an element of an array, or a property value) up to the body, and the
   * body is the object literal that holds the outermost one.
   */
  #slotOf(start: ts.Node): { slot: Slot; body: ts.ObjectLiteralExpression } | undefined {
    const t = this.#ts;
    const path: string[] = [];
    let at = this.#outer(start);
    for (let depth = 0; depth < 8; depth++) {
      const parent = at.parent;
      if (!parent) return undefined;
      if (t.isArrayLiteralExpression(parent)) {
        at = this.#outer(parent);
        continue;
      }
      if (t.isPropertyAssignment(parent) && parent.initializer === at) {
        const name = t.isIdentifier(parent.name) || t.isStringLiteral(parent.name) ? parent.name.text : undefined;
        if (name === undefined) return undefined;
        path.push(name);
        const slot = SLOT_OF_PATH[path.join(' ')];
        const object = parent.parent;
        if (slot && this.#isFirstArgument(object)) return { slot, body: object };
        at = this.#outer(object);
        continue;
      }
      return undefined;
    }
    return undefined;
  }

  #isFirstArgument(object: ts.ObjectLiteralExpression): boolean {
    const outer = this.#outer(object);
    return this.#ts.isCallExpression(outer.parent) && outer.parent.arguments[0] === outer;
  }

  /** The operation of the call whose first argument is `body`, if the call is a builder call. */
  #operationOf(body: ts.ObjectLiteralExpression, checker: ts.TypeChecker): BuilderOperation | undefined {
    const t = this.#ts;
    const call = this.#outer(body).parent as ts.CallExpression;
    const signature = checker.getResolvedSignature(call);
    if (!signature) return undefined;
    const result = signature.getReturnType();
    if (!checker.getPropertyOfType(result, '__response')) return undefined;
    const operation = checker.getPropertyOfType(result, 'operation');
    const key = operation && checker.getTypeOfSymbolAtLocation(operation, call);
    if (!key || !(key.flags & t.TypeFlags.StringLiteral)) return undefined;
    return operationOfKey((key as ts.StringLiteralType).value);
  }

  /** The name at `literal`, if it sits at a name position of a builder call's body. */
  nameAt(literal: ts.Node, checker: ts.TypeChecker): NameInCall | undefined {
    if (!this.#ts.isStringLiteralLike(literal)) return undefined;
    const place = this.#slotOf(literal);
    if (!place) return undefined;
    const operation = this.#operationOf(place.body, checker);
    if (!operation || !SLOTS[operation.kind].includes(place.slot)) return undefined;
    return { literal, slot: place.slot, operation };
  }

  /**
   * The slot and operation of a completion at `position`: inside a string literal at a name
   * position, or where an element or property value of one is about to be written.
   */
  placeAt(sourceFile: ts.SourceFile, position: number, checker: ts.TypeChecker): Omit<NameInCall, 'literal'> | undefined {
    const token = this.tokenAt(sourceFile, position);
    if (!token) return undefined;
    if (this.#ts.isStringLiteralLike(token)) return this.nameAt(token, checker);
    // `metrics: [|`, `metrics: ['a', |`, `{ field: |`: a stand-in literal at the position tells the slot.
    const k = this.#ts.SyntaxKind;
    const punctuation = [k.ColonToken, k.OpenBracketToken, k.CloseBracketToken, k.CommaToken].includes(token.kind);
    const holder = !punctuation ? undefined : token.parent?.kind === k.SyntaxList ? token.parent.parent : token.parent;
    if (!holder) return undefined;
    let start: ts.Node | undefined;
    if (this.#ts.isArrayLiteralExpression(holder)) start = holder.elements.find((e) => e.getStart(sourceFile) >= position) ?? holder;
    else if (this.#ts.isPropertyAssignment(holder)) start = holder.initializer;
    if (!start) return undefined;
    const place = start === holder ? this.#slotOfElements(holder as ts.ArrayLiteralExpression) : this.#slotOf(start);
    if (!place) return undefined;
    const operation = this.#operationOf(place.body, checker);
    if (!operation || !SLOTS[operation.kind].includes(place.slot)) return undefined;
    return { slot: place.slot, operation };
  }

  /** The slot of a (maybe empty) array's elements: the slot of the array as a value. */
  #slotOfElements(array: ts.ArrayLiteralExpression): { slot: Slot; body: ts.ObjectLiteralExpression } | undefined {
    const parent = this.#outer(array).parent;
    if (!parent || !this.#ts.isPropertyAssignment(parent)) return undefined;
    const name = this.#ts.isIdentifier(parent.name) ? parent.name.text : undefined;
    const slot = name === undefined ? undefined : SLOT_OF_PATH[name];
    return slot && this.#isFirstArgument(parent.parent) ? { slot, body: parent.parent } : undefined;
  }

  /** Every name at a name position of a builder call in `sourceFile`. */
  namesIn(sourceFile: ts.SourceFile, checker: ts.TypeChecker): NameInCall[] {
    const t = this.#ts;
    const out: NameInCall[] = [];
    const visit = (node: ts.Node): void => {
      if (t.isStringLiteralLike(node)) {
        const found = this.nameAt(node, checker);
        if (found) out.push(found);
        return;
      }
      node.forEachChild(visit);
    };
    visit(sourceFile);
    return out;
  }

  /** The innermost token at `position` (the one that ends at it, when it sits between two). */
  tokenAt(sourceFile: ts.SourceFile, position: number): ts.Node | undefined {
    const t = this.#ts;
    let found: ts.Node | undefined;
    const visit = (node: ts.Node): void => {
      if (position < node.getFullStart() || position > node.getEnd()) return;
      const children = node.getChildren(sourceFile);
      if (children.length === 0) {
        if (node.getStart(sourceFile) <= position && node.kind !== t.SyntaxKind.EndOfFileToken) found = node;
        return;
      }
      for (const child of children) visit(child);
    };
    visit(sourceFile);
    return found;
  }
}
