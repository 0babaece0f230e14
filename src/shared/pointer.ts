/** JSON pointers (RFC 6901) into a request or response body, resolved without recursion. */

/** Escapes one reference token. */
function escapeToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** `parent` + one token. */
export function childPointer(parent: string, token: string | number): string {
  return `${parent}/${escapeToken(token)}`;
}

/** The reference tokens of `pointer`, unescaped (`/a~1b/0` -> `a/b`, `0`); none for the root. */
export function pointerTokens(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(unescapeToken);
}

/** One reference token unescaped; most hold no `~` and are returned as they are. */
const unescapeToken = (raw: string): string => (raw.includes('~') ? raw.replace(/~1/g, '/').replace(/~0/g, '~') : raw);

/** The value at `pointer`, or undefined when the path does not exist. */
export function valueAt(root: unknown, pointer: string): unknown {
  let current: unknown = root;
  for (const token of pointerTokens(pointer)) {
    if (Array.isArray(current)) current = current[Number(token)];
    else if (typeof current === 'object' && current !== null && Object.prototype.hasOwnProperty.call(current, token)) current = (current as Record<string, unknown>)[token];
    else return undefined;
  }
  return current;
}
