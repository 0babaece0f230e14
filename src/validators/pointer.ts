/** JSON pointers (RFC 6901) into a response body, resolved without recursion. */

/** Escapes one reference token. */
export function escapeToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** `parent` + one token. */
export function childPointer(parent: string, token: string | number): string {
  return `${parent}/${escapeToken(token)}`;
}

/** The value at `pointer`, or undefined when the path does not exist. */
export function valueAt(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  let current: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) current = current[Number(token)];
    else if (typeof current === 'object' && current !== null && Object.prototype.hasOwnProperty.call(current, token)) current = (current as Record<string, unknown>)[token];
    else return undefined;
  }
  return current;
}
