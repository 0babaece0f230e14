/**
 * One module for operations of a version whose validators differ only by network: the v2 metrics
 * of every network, whose code differs in the network's name inside schema names
 * (`FacebookHeaderType`, `responses/getFacebookMetrics/200`) and in the values of an enum (the
 * network's header types); the v1 metrics of networks whose day records have the same groups of
 * members, which differ in the name and the member table (validators-members.ts). Such a
 * family's module holds the code once, as a function of what
 * differs (`validatorsOf(network, list0, is0)`), and exports per network a loader that calls it on
 * first use: a process that imports the validators parses that code once instead of once per
 * network (validators-layout.ts decides which modules form a family).
 *
 * The code is compared as a sequence of tokens: string literals, arrays of string literals,
 * member tables' entries (`[["date", 0], ["comments", 1]]`) and ajv's enum checks (`(data3 === "a" || data3 === "b")`), and the text between them. Members
 * must have the same text between tokens; a token that differs must be a string made of the
 * same text around the network's name (written `"prefix" + network + "suffix"`, as a computed
 * key where it names a member), or an array or enum check, then a parameter: the array
 * (`list0`), and for the check a function of the member (`is0(data3)`, `is0` being
 * `(value) => value === "a" || ...`: ajv's check as it was, which costs per call what the inline
 * check did; `Array.prototype.includes` or a `Set` would cost more). Anything else, and the
 * modules stay apart.
 */
import { PUSH_ERROR } from './validators-compact.js';

/** One member: its code (a CommonJS module of validators-compact.ts's form), network and export key. */
export interface FamilyMember {
  key: string;
  /** The network's name as schema names spell it ("Facebook"). */
  network: string;
  code: string;
}

const STRING = String.raw`"(?:[^"\\]|\\.)*"`;
const ENUM_CHECK = String.raw`\((data\d+) === ${STRING}(?: \|\| \1 === ${STRING})*\)`;
/** The entries of a member table (validators-members.ts): `[["date", 0], ["comments", 1]]`. */
const ENTRIES = String.raw`\[\[${STRING}, \d+\](?:, \[${STRING}, \d+\])*\]`;
const TOKEN = new RegExp(`${ENUM_CHECK}|${ENTRIES}|\\[${STRING}(?:, ${STRING})*\\]|${STRING}`, 'g');

interface Token {
  text: string;
  kind: 'string' | 'list';
  /** The string, or the list: an array's (JSON), an enum check's strings. */
  value: unknown;
  /** The data variable an enum check tests. */
  checked?: string;
}

/** The code split into tokens and the text between them (`between.length === tokens.length + 1`). */
function tokenize(code: string): { tokens: Token[]; between: string[] } {
  const tokens: Token[] = [];
  const between: string[] = [];
  let last = 0;
  for (const match of code.matchAll(TOKEN)) {
    between.push(code.slice(last, match.index));
    const text = match[0];
    if (text.startsWith('"')) tokens.push({ text, kind: 'string', value: JSON.parse(text) });
    else if (text.startsWith('[')) tokens.push({ text, kind: 'list', value: JSON.parse(text) });
    else tokens.push({ text, kind: 'list', value: [...text.matchAll(new RegExp(STRING, 'g'))].map((m) => JSON.parse(m[0])), checked: match[1] });
    last = match.index + text.length;
  }
  between.push(code.slice(last));
  return { tokens, between };
}

/** A list as code: `["a", "b"]`, `[["date", 0], ["comments", 1]]`. */
const listCode = (value: unknown): string => (Array.isArray(value) ? `[${value.map(listCode).join(', ')}]` : JSON.stringify(value));

/** `value` with the member's network name as an expression of `network`, or undefined when that does not give every member's value. */
function networkExpression(values: readonly unknown[], members: readonly FamilyMember[]): string | undefined {
  const [first] = members;
  if (!String(values[0]).includes(first.network)) return undefined;
  const parts = String(values[0]).split(first.network);
  if (!members.every((m, i) => parts.join(m.network) === values[i])) return undefined;
  return parts.map((p) => (p === '' ? [] : [JSON.stringify(p)])).reduce((all, p, i) => [...all, ...(i ? ['network'] : []), ...p], [] as string[]).join(' + ');
}

/** Whether the token at the end of `before` and start of `after` is a member name in an object literal. */
const isKey = (before: string, after: string) => /[{,]\s*$/.test(before) && /^:/.test(after);

/**
 * The rule table with its entries in the order of their keys with the network's name left out
 * (it is sorted by key, where the name moves an entry: `TwitterHeaderType` after `MetricsData`).
 */
function rulesInFamilyOrder(m: FamilyMember): string {
  return m.code.replace(/\nvar schemaRules = \{\n([\s\S]*?)\n\};\n/, (_, entries: string) => {
    const neutral = (line: string) => line.replaceAll(m.network, '');
    const sorted = entries.split(',\n').sort((a, b) => (neutral(a) < neutral(b) ? -1 : neutral(a) > neutral(b) ? 1 : 0));
    return `\nvar schemaRules = {\n${sorted.join(',\n')}\n};\n`;
  });
}

/** What members of one family have in common: the text between tokens, and the tokens' kinds. */
const skeleton = ({ tokens, between }: ReturnType<typeof tokenize>) => JSON.stringify([between, tokens.map((t) => t.kind)]);

/**
 * The families among `members` (operations of one version that differ by network): members with
 * the same text between tokens, by two or more, whose tokens differ only as allowed; in the
 * order of their first member, each with the code of its module (after the banner).
 */
export function formFamilies(members: readonly FamilyMember[]): { members: FamilyMember[]; code: string }[] {
  const bySkeleton = new Map<string, FamilyMember[]>();
  for (const m of members) {
    const key = skeleton(tokenize(rulesInFamilyOrder(m)));
    bySkeleton.set(key, [...(bySkeleton.get(key) ?? []), m]);
  }
  return [...bySkeleton.values()].flatMap((family) => {
    const code = family.length > 1 ? familyCode(family) : undefined;
    return code ? [{ members: family, code }] : [];
  });
}

/** A parameter of `validatorsOf`: its name and, per member, the code of its value. */
interface Parameter {
  name: string;
  values: string[];
}

/** `(value) => value === "a" || value === "b"`: an enum check as a function, as fast as ajv's inline check. */
const checkCode = (strings: unknown) => `(value) => ${(strings as string[]).map((v) => `value === ${JSON.stringify(v)}`).join(' || ')}`;

/** The code of a family's module (after the banner), or undefined when the members' tokens differ by more than the family allows. */
function familyCode(members: readonly FamilyMember[]): string | undefined {
  const split = members.map((m) => tokenize(rulesInFamilyOrder(m)));
  const [{ tokens, between }] = split;
  if (between.some((text) => /\bnetwork\b|\b(?:list|is)\d+\b|`/.test(text))) throw new Error('validators: a family\'s code already names network, list<n> or is<n>, or holds a template literal');
  const params: Parameter[] = [];
  /** The parameter of the lists (or enum checks) of the members, added on first use. */
  const parameter = (prefix: string, values: string[]) => {
    const known = params.find((p) => p.name.startsWith(prefix) && JSON.stringify(p.values) === JSON.stringify(values));
    return known?.name ?? params[params.push({ name: `${prefix}${params.filter((p) => p.name.startsWith(prefix)).length}`, values }) - 1].name;
  };
  const parts: string[] = [between[0]];
  for (const [t, token] of tokens.entries()) {
    const all = split.map((s) => s.tokens[t]);
    let text = token.text;
    if (!all.every((other) => other.text === token.text)) {
      if (!all.every((other) => other.kind === token.kind)) return undefined;
      if (token.kind === 'string') {
        const expression = networkExpression(all.map((other) => other.value), members);
        if (!expression) return undefined;
        text = isKey(between[t], between[t + 1]) ? `[${expression}]` : expression;
      } else if (token.checked) {
        text = `${parameter('is', all.map((other) => checkCode(other.value)))}(${token.checked})`;
      } else {
        text = parameter('list', all.map((other) => listCode(other.value)));
      }
    }
    parts.push(text, between[t + 1]);
  }
  return wrap(parts.join(''), members, params);
}

/** The module: the shared helpers, `validatorsOf` around the rest, and one loader per member. */
function wrap(code: string, members: readonly FamilyMember[], params: readonly Parameter[]): string {
  const exported = /\nmodule\.exports = \{ ([\w, ]+) \};\n$/.exec(code);
  const start = code.indexOf(`${PUSH_ERROR}\n`);
  if (!exported || start < 0) throw new Error('validators: a family\'s code is not of the form validators-compact.ts writes');
  const head = code.slice(0, start + PUSH_ERROR.length + 1);
  const body = code.slice(head.length, exported.index).replace(/^(?=.)/gm, '  ');
  const described = [
    '`network` is its name in schema names',
    ...(params.some((p) => p.name.startsWith('list')) ? ['`list<n>` a list that differs by member'] : []),
    ...(params.some((p) => p.name.startsWith('is')) ? ['`is<n>` an enum check that differs by member'] : []),
  ];
  return [
    head.trimEnd(),
    '',
    `/** The validators of one member: ${described.join(', ')}. */`,
    `function validatorsOf(${['network', ...params.map((p) => p.name)].join(', ')}) {`,
    body.trimEnd(),
    `  return { ${exported[1]} };`,
    '}',
    '',
    '/** A member\'s validators, made on the first call and kept. */',
    'function once(make) {',
    '  let made;',
    '  return () => (made ??= make());',
    '}',
    '',
    '/** By member: loads its validators. */',
    'module.exports = {',
    ...members.flatMap((m, i) => [
      `  ${m.key}: once(() =>`,
      '    validatorsOf(',
      ...[JSON.stringify(m.network), ...params.map((p) => p.values[i])].map((argument) => `      ${argument},`),
      '    ),',
      '  ),',
    ]),
    '};',
    '',
  ].join('\n');
}
