/**
 * The source documents write the networks as placeholders (netA .. netF); people know them by
 * name. `withNetworkNames` shows the name beside each placeholder: "netA, netB" becomes
 * "facebook (netA), instagram (netB)". A placeholder already after its name ("twitter (netC)")
 * is left as it is.
 */
import type { NetworkInfo } from './catalog-types.js';

/** `text` with `name (placeholder)` for each network placeholder it holds. */
export function withNetworkNames(text: string, networks: readonly Pick<NetworkInfo, 'name' | 'documentName'>[]): string {
  const names = new Map(networks.map((n) => [n.documentName, n.name]));
  return text.replace(/\bnet[A-Z]\b/g, (placeholder: string, at: number) => {
    const name = names.get(placeholder);
    return name === undefined || text.slice(0, at).endsWith(`${name} (`) ? placeholder : `${name} (${placeholder})`;
  });
}
