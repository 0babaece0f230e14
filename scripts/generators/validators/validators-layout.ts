/**
 * Where the modules of generated/validators go. Operations (or the two versions' failure bodies)
 * whose validators compile to the same code share one module: the profile lists of every
 * network, a body both versions define alike. Code is "the same" when it differs only by the
 * version's schema base and the operation's id in the names of its composite response schemas:
 * those names are labels inside the module (its `schemas` table, its rule table and the
 * `schemaPath`s of its errors use them together) and never reach a message. A module used by one
 * version is in that version's folder, one used by both in `shared/`. Each version's index maps
 * its operations to their modules.
 */
import type { Artifact } from '../artifact.js';
import { banner } from '../banner.js';
import { indexCode, indexDeclarations, typeDeclarations, type ModuleLoader, type OperationResponses } from './validators-modules.js';

/** The bundled code (no banner) of one module of a version: an operation's, or (no `operation`) the failure body's. */
export interface VersionModule {
  version: number;
  /** The version's schema base (`https://.../v2/schemas/`). */
  base: string;
  operation?: OperationResponses;
  code: string;
}

interface SharedModule {
  users: VersionModule[];
  path: string;
}

/**
 * The code of a module with what is only a label of its version, operation and network made
 * neutral: the schema base, the operation id in composite response names, a network's name in
 * component names (`FacebookMetricsResponse`). The rule table is a map, written sorted by its
 * keys, whose order follows the names: its entries are compared in the order of their neutral
 * text (`/LinkedinHeaderType` sorts before `/MetricsData`, `/TwitterHeaderType` after it).
 */
function comparable(m: VersionModule, networks: readonly string[]): string {
  const code = m.code.replaceAll(m.base, '<base>');
  const neutral = m.operation ? code.replaceAll(`responses/${m.operation.operationId}/`, 'responses/<operation>/') : code;
  const named = networks.reduce((text, n) => text.replace(new RegExp(`\\b${capitalized(n)}(?=[A-Z])`, 'g'), '<Network>'), neutral);
  return named.replace(RULE_TABLE, (_, entries: string) => `exports.schemaRules = {\n${entries.split('\n').map((e) => e.replace(/,$/, '')).sort().join('\n')}\n};`);
}

/** The rule table of a bundled module: its entries, one a line. */
const RULE_TABLE = /exports\.schemaRules = \{\n([^}]*)\n\};/;

const capitalized = (name: string) => `${name[0].toUpperCase()}${name.slice(1)}`;

/** A module's file name: the operation id of its users, without network names when they differ by network. */
function baseName(users: readonly VersionModule[], networks: readonly string[]): string {
  const ids = [...new Set(users.map((u) => u.operation?.operationId ?? 'failure'))];
  if (ids.length === 1) return ids[0];
  const stripped = [...new Set(ids.map((id) => networks.reduce((name, n) => name.replace(capitalized(n), ''), id)))];
  return stripped.length === 1 ? stripped[0] : ids[0];
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

/** Groups identical modules and names their files (`v1/getInstagramMetrics.cjs`, `shared/listProfiles.cjs`). */
function shareModules(modules: readonly VersionModule[], networks: readonly string[]): SharedModule[] {
  const byCode = new Map<string, VersionModule[]>();
  for (const m of modules) {
    const key = comparable(m, networks);
    byCode.set(key, [...(byCode.get(key) ?? []), m]);
  }
  const taken = new Set<string>();
  return [...byCode.values()].map((users) => {
    const versions = new Set(users.map((u) => u.version));
    const dir = versions.size === 1 ? `v${users[0].version}` : 'shared';
    const name = baseName(users, networks);
    let path = `${dir}/${name}.cjs`;
    for (let n = 2; taken.has(path); n++) path = `${dir}/${name}${n}.cjs`;
    taken.add(path);
    return { users, path };
  });
}

/** Path of `path` (under generated/validators) relative to version `version`'s index. */
const fromIndex = (version: number, path: string) => (path.startsWith(`v${version}/`) ? `./${path.slice(`v${version}/`.length)}` : `../${path}`);

/** A file of generated/validators: its users and code (no banner). */
interface Module {
  path: string;
  users: VersionModule[];
  code: string;
}

/** The modules (one per distinct code) and each version's index, as artifacts under generated/validators. */
export function validatorLayout(script: string, modules: readonly VersionModule[], networks: readonly string[]): Artifact[] {
  const files: Module[] = shareModules(modules, networks).map((s) => ({ path: s.path, users: s.users, code: s.users[0].code }));
  const loaderOf = new Map<VersionModule, ModuleLoader>();
  for (const f of files) for (const u of f.users) loaderOf.set(u, { path: f.path });
  const artifacts: Artifact[] = files.map((f) => ({
    path: `generated/validators/${f.path}`,
    content: [banner(script, 'slash').trimEnd(), ...servedBy(f.users), f.code].join('\n'),
  }));
  for (const version of [...new Set(modules.map((m) => m.version))]) {
    const own = modules.filter((m) => m.version === version);
    const failure = own.find((m) => !m.operation);
    if (!failure) throw new Error(`validators v${version}: no failure body module`);
    const relative = (m: VersionModule): ModuleLoader => ({ ...loaderOf.get(m)!, path: fromIndex(version, loaderOf.get(m)!.path) });
    const operations = new Map(own.filter((m) => m.operation).map((m) => [m.operation!.operation, relative(m)]));
    artifacts.push(
      { path: `generated/validators/v${version}/index.js`, content: indexCode(script, version, relative(failure).path, operations) },
      { path: `generated/validators/v${version}/index.d.ts`, content: indexDeclarations(script, version) },
    );
  }
  artifacts.push({ path: 'generated/validators/types.d.ts', content: typeDeclarations(script) });
  return artifacts.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
