/**
 * Where the modules of generated/validators go. Operations (or the two versions' failure bodies)
 * whose validators compile to the same code share one module: the profile lists of every
 * network, a body both versions define alike. Code is "the same" when it differs only by the
 * version's schema base and the operation's id in the names of its composite response schemas:
 * those names are labels inside the module (its `schemas` table, its rule table and the
 * `schemaPath`s of its errors use them together) and never reach a message. A module used by one
 * version is in that version's folder, one used by both in `shared/`. Operations of a version
 * whose code differs only by network then form families, one module each (validators-families.ts:
 * `v2/getMetrics.cjs`, the code once as a function of the network). Each version's index maps
 * its operations to their modules (and, in a family's, to the member's loader).
 */
import type { Artifact } from './artifact.js';
import { banner } from './banner.js';
import { formFamilies } from './validators-families.js';
import { indexCode, indexDeclarations, type ModuleLoader, type OperationResponses } from './validators-modules.js';

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

/** The code of a module with what is only a label of its version and operation made neutral. */
function comparable(m: VersionModule): string {
  const code = m.code.replaceAll(m.base, '<base>');
  return m.operation ? code.replaceAll(`responses/${m.operation.operationId}/`, 'responses/<operation>/') : code;
}

const capitalized = (name: string) => `${name[0].toUpperCase()}${name.slice(1)}`;

/** A module's file name: the operation id of its users, without network names when they differ by network. */
function baseName(users: readonly VersionModule[], networks: readonly string[]): string {
  const ids = [...new Set(users.map((u) => u.operation?.operationId ?? 'failure'))];
  if (ids.length === 1) return ids[0];
  const stripped = [...new Set(ids.map((id) => networks.reduce((name, n) => name.replace(capitalized(n), ''), id)))];
  return stripped.length === 1 ? stripped[0] : ids[0];
}

/** What a module serves, for its doc comment. */
function servedBy(users: readonly VersionModule[], family: boolean): string[] {
  const names = users.map((u) => u.operation?.operation ?? `the failure body of version ${u.version}`);
  const lines = ['/**', ' * Validators of:'];
  for (const name of names) lines.push(` *   ${name}`);
  if (family) lines.push(' * (one code for each: `validatorsOf` takes what differs by network; validators-families.ts)');
  else if (names.length > 1) lines.push(' * (the same code for each; the schema names in it are those of the first)');
  lines.push(' */');
  return lines;
}

/** Groups identical modules and names their files (`v1/getInstagramMetrics.cjs`, `shared/listProfiles.cjs`). */
function shareModules(modules: readonly VersionModule[], networks: readonly string[]): SharedModule[] {
  const byCode = new Map<string, VersionModule[]>();
  for (const m of modules) {
    const key = comparable(m);
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

/** A module of one operation and one network: that network and the operation id without it. */
function networkOf(s: SharedModule, networks: readonly string[]): { network: string; family: string } | undefined {
  const [only, ...others] = s.users;
  const id = only.operation?.operationId;
  const network = networks.find((n) => id?.includes(capitalized(n)));
  if (others.length || !id || !network || s.path.startsWith('shared/')) return undefined;
  return { network, family: `${s.path.slice(0, s.path.indexOf('/'))}/${id.replace(capitalized(network), '')}` };
}

/**
 * Families: modules of one version whose operations differ by network and whose code differs
 * only as validators-families.ts allows become one module (`v2/getMetrics.cjs`); the rest stay.
 */
function joinFamilies(shared: SharedModule[], networks: readonly string[]): Module[] {
  const byFamily = new Map<string, { s: SharedModule; network: string }[]>();
  for (const s of shared) {
    const of = networkOf(s, networks);
    if (of) byFamily.set(of.family, [...(byFamily.get(of.family) ?? []), { s, network: of.network }]);
  }
  const taken = new Set(shared.map((s) => s.path));
  const joined = new Set<SharedModule>();
  const families: Module[] = [];
  for (const [family, candidates] of byFamily) {
    const byKey = new Map(candidates.map((c) => [c.network, c.s]));
    for (const formed of formFamilies(candidates.map(({ s, network }) => ({ key: network, network: capitalized(network), code: s.users[0].code })))) {
      let path = `${family}.cjs`;
      for (let n = 2; taken.has(path); n++) path = `${family}${n}.cjs`;
      taken.add(path);
      const members = formed.members.map((m) => byKey.get(m.key)!);
      for (const s of members) joined.add(s);
      families.push({ path, users: members.map((s) => s.users[0]), code: formed.code, keys: formed.members.map((m) => m.key) });
    }
  }
  const single = shared.filter((s) => !joined.has(s)).map((s): Module => ({ path: s.path, users: s.users, code: s.users[0].code }));
  return [...single, ...families];
}

/** A file of generated/validators: its users, code (no banner) and, for a family, each user's key. */
interface Module {
  path: string;
  users: VersionModule[];
  code: string;
  keys?: string[];
}

/** The modules (one per distinct code, or family) and each version's index, as artifacts under generated/validators. */
export function validatorLayout(script: string, modules: readonly VersionModule[], networks: readonly string[]): Artifact[] {
  const files = joinFamilies(shareModules(modules, networks), networks);
  const loaderOf = new Map<VersionModule, ModuleLoader>();
  for (const f of files) for (const [i, u] of f.users.entries()) loaderOf.set(u, { path: f.path, key: f.keys?.[i] });
  const artifacts: Artifact[] = files.map((f) => ({
    path: `generated/validators/${f.path}`,
    content: [banner(script, 'slash').trimEnd(), ...servedBy(f.users, Boolean(f.keys)), f.code].join('\n'),
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
  return artifacts.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
