/**
 * Where the modules of generated/validators go. Operations (or the two versions' failure bodies)
 * that compile the same thing share one module: the model tells, by the spec templates their
 * schemas were made from and those schemas' contents (`sharingKey` of ./validators.ts), not by
 * comparing emitted code. The profile lists of every network, a body both versions define alike,
 * the metrics of networks whose instances of the templates are alike. The names of the first
 * user are labels inside the module (its `schemas` table, its rule table and the `schemaPath`s of
 * its errors use them together) and never reach a message. A module used by one version is in
 * that version's folder, one used by both in `shared/`. Each version's index maps its operations
 * to their modules.
 */
import type { Artifact } from '../artifact.js';
import { banner } from '../banner.js';
import { indexCode, indexDeclarations, typeDeclarations, type ModuleLoader, type OperationResponses } from './validators-modules.js';

/** One module of a version: an operation's, or (no `operation`) the failure body's. */
export interface VersionModule {
  version: number;
  /** The version's schema base (`https://.../v2/schemas/`). */
  base: string;
  operation?: OperationResponses & {
    /** The operationId of the spec operation it was made from (`getNetworkMetrics`). */
    template: string;
  };
  /** What the module compiles, told by the model: modules of one key share one file. */
  key: string;
}

/** Modules grouped by their key, in first-use order. */
export function shareModules<M extends VersionModule>(modules: readonly M[]): M[][] {
  const byKey = new Map<string, M[]>();
  for (const m of modules) byKey.set(m.key, [...(byKey.get(m.key) ?? []), m]);
  return [...byKey.values()];
}

/** A module's file name: the operation id of its users, or of the spec operation they were made from (without `Network`). */
function baseName(users: readonly VersionModule[]): string {
  const ids = [...new Set(users.map((u) => u.operation?.operationId ?? 'failure'))];
  if (ids.length === 1) return ids[0];
  const templates = [...new Set(users.map((u) => u.operation?.template))];
  return templates.length === 1 && templates[0] ? templates[0].replace('Network', '') : ids[0];
}

/** What a module serves, for its doc comment. */
function servedBy(users: readonly VersionModule[]): string[] {
  const names = users.map((u) => u.operation?.operation ?? `the failure body of version ${u.version}`);
  const lines = ['/**', ' * Validators of:'];
  for (const name of names) lines.push(` *   ${name}`);
  if (names.length > 1) lines.push(' * (the same code for each; the schema names in it are those of the first)');
  lines.push(' */');
  return lines;
}

/** Path of `path` (under generated/validators) relative to version `version`'s index. */
const fromIndex = (version: number, path: string) => (path.startsWith(`v${version}/`) ? `./${path.slice(`v${version}/`.length)}` : `../${path}`);

/** One file of generated/validators: its users and their code (no banner). */
export interface SharedModule {
  users: readonly VersionModule[];
  code: string;
}

/**
 * The files (one per shared module) and each version's index, as artifacts under
 * generated/validators; `all`: every module, in document order (the order of the indexes).
 */
export function validatorLayout(script: string, modules: readonly SharedModule[], all: readonly VersionModule[]): Artifact[] {
  const taken = new Set<string>();
  const pathOf = new Map<VersionModule, string>();
  const artifacts: Artifact[] = modules.map(({ users, code }) => {
    const versions = new Set(users.map((u) => u.version));
    const dir = versions.size === 1 ? `v${users[0].version}` : 'shared';
    let path = `${dir}/${baseName(users)}.cjs`;
    for (let n = 2; taken.has(path); n++) path = `${dir}/${baseName(users)}${n}.cjs`;
    taken.add(path);
    for (const u of users) pathOf.set(u, path);
    return { path: `generated/validators/${path}`, content: [banner(script, 'slash').trimEnd(), ...servedBy(users), code].join('\n') };
  });
  for (const version of [...new Set(all.map((m) => m.version))]) {
    const own = all.filter((m) => m.version === version);
    const failure = own.find((m) => !m.operation);
    if (!failure) throw new Error(`validators v${version}: no failure body module`);
    const relative = (m: VersionModule): ModuleLoader => ({ path: fromIndex(version, pathOf.get(m)!) });
    const operations = new Map(own.filter((m) => m.operation).map((m) => [m.operation!.operation, relative(m)]));
    artifacts.push(
      { path: `generated/validators/v${version}/index.js`, content: indexCode(script, version, relative(failure).path, operations) },
      { path: `generated/validators/v${version}/index.d.ts`, content: indexDeclarations(script, version) },
    );
  }
  artifacts.push({ path: 'generated/validators/types.d.ts', content: typeDeclarations(script) });
  return artifacts.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
