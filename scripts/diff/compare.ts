/**
 * Compares two public surfaces. Each change is `breaking` (something a user sends or reads is
 * removed, renamed or narrowed, a response type changes, validation gets stricter), `additive`
 * (something new a user may use) or `docs` (descriptions only); the required version bump
 * follows from the worst change.
 */
import type { EntryKind, Surface, SurfaceEntry } from './surface.js';

export type ChangeKind = 'breaking' | 'additive' | 'docs';
export type Bump = 'major' | 'minor' | 'patch' | 'none';

export interface Change {
  kind: ChangeKind;
  /** Where: `names/v2/facebook/metrics/fans_change`, `request/POST /2/facebook/metrics/dimensions`, ... */
  path: string;
  breaking: boolean;
  detail: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const change = (kind: ChangeKind, path: string, detail: string): Change => ({ kind, path, breaking: kind === 'breaking', detail });

/** What removing an entry of this kind means for users. */
function removed(path: string, entry: SurfaceEntry): Change {
  if (entry.kind === 'rule') return change('additive', path, `rule removed: validation is looser`);
  return change('breaking', path, `${describeKind(entry.kind)} removed`);
}

function added(path: string, entry: SurfaceEntry): Change {
  if (entry.kind === 'rule') {
    return entry.contract.level === 'stated'
      ? change('breaking', path, 'stated rule added: responses and requests it refuses become invalid')
      : change('additive', path, 'inferred rule added: a warning by default, an error only in strict mode');
  }
  if (entry.kind === 'request' && entry.contract.required) return change('breaking', path, 'required request member added: existing requests lack it');
  return change('additive', path, `${describeKind(entry.kind)} added`);
}

function describeKind(kind: EntryKind): string {
  return { operation: 'operation', request: 'request member', response: 'response member', name: 'catalog name', metric: 'metric', error: 'error code', rule: 'rule' }[kind];
}

/** A contract value that changed: is it a narrowing, a widening, or a change of type? */
function changed(path: string, kind: EntryKind, before: Record<string, unknown>, after: Record<string, unknown>): Change[] {
  const out: Change[] = [];
  for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    const [a, b] = [before[key], after[key]];
    if (same(a, b)) continue;
    const detail = `${key}: ${JSON.stringify(a)} -> ${JSON.stringify(b)}`;
    out.push(change(classify(kind, key, a, b), path, detail));
  }
  return out;
}

function classify(kind: EntryKind, key: string, a: unknown, b: unknown): ChangeKind {
  if (key === 'required') {
    // A request member becoming optional, or a response member becoming always present, widens.
    if (kind === 'request') return b === false ? 'additive' : 'breaking';
    return b === true ? 'additive' : 'breaking';
  }
  if (key === 'level') return b === 'stated' ? 'breaking' : 'additive';
  if (key === 'insightsOnly') return b === true ? 'breaking' : 'additive';
  if (key === 'extraDimensions') {
    const [before, after] = [new Set(a as string[]), new Set(b as string[])];
    return [...before].some((d) => !after.has(d)) ? 'breaking' : 'additive';
  }
  return 'breaking'; // a type, aggregation or HTTP status changed
}

/** Every change from `before` to `after`, in path order. */
export function compareSurfaces(before: Surface, after: Surface): Change[] {
  const changes: Change[] = [];
  for (const path of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const [a, b] = [before.get(path), after.get(path)];
    if (a && !b) changes.push(removed(path, a));
    else if (!a && b) changes.push(added(path, b));
    else if (a && b) {
      changes.push(...changed(path, a.kind, a.contract, b.contract));
      for (const key of Object.keys({ ...a.docs, ...b.docs }).sort()) {
        if (!same(a.docs[key], b.docs[key])) changes.push(change('docs', path, `${key} changed`));
      }
    }
  }
  return changes;
}

/** The semver bump a set of changes requires. */
export function requiredBump(changes: readonly Change[]): Bump {
  if (changes.some((c) => c.kind === 'breaking')) return 'major';
  if (changes.some((c) => c.kind === 'additive')) return 'minor';
  return changes.length ? 'patch' : 'none';
}
