/**
 * Whether a text holds a piece of 8 or more characters of the credentials `token:secret` or of
 * their Base64 (at any byte alignment), in any letter case, also once percent-encoding is undone.
 */
const PIECE = 8;

const pieces = (text: string) => Array.from({ length: Math.max(0, text.length - PIECE + 1) }, (_, i) => text.slice(i, i + PIECE));

export function holdsCredentialPiece(token: string, secret: string): (text: string) => boolean {
  const pair = `${token}:${secret}`;
  const plain = new Set(pieces(pair.toLowerCase()));
  const encoded = new Set(
    [0, 1, 2].flatMap((shift) => {
      const form = Buffer.concat([Buffer.alloc(shift), Buffer.from(pair)]).toString('base64').replace(/=+$/, '');
      return pieces(shift ? form.slice(4) : form);
    }),
  );
  return (text: string) => {
    let decoded = text;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      // a text with a lone % is read as it is
    }
    for (const form of [text, decoded]) {
      const lower = form.toLowerCase();
      for (let i = 0; i + PIECE <= form.length; i++) if (plain.has(lower.slice(i, i + PIECE)) || encoded.has(form.slice(i, i + PIECE))) return true;
    }
    return false;
  };
}
