/**
 * Body-only check of a profile label list beyond its schema: each profile of a label names its
 * network in `platform` (a network of version 2, compared without regard to case: the documents
 * say "network name", not how it is spelled).
 */
import { networksOf } from '../catalog-facts.js';
import { quote } from '../../core/problems/describe.js';
import type { ProblemList } from '../../core/problems/problem-list.js';
import { isPlainObject } from './values.js';

export function checkProfileLabels(list: ProblemList, body: Record<string, unknown>): void {
  const labels = body.data;
  if (!Array.isArray(labels)) return;
  const networks = networksOf(2);
  for (let i = 0; i < labels.length && !list.shouldStop(); i++) {
    const profiles = isPlainObject(labels[i]) ? (labels[i] as Record<string, unknown>).profiles : undefined;
    if (!Array.isArray(profiles)) continue;
    for (let j = 0; j < profiles.length; j++) {
      const platform = isPlainObject(profiles[j]) ? (profiles[j] as Record<string, unknown>).platform : undefined;
      if (typeof platform === 'string' && !networks.includes(platform.toLowerCase())) {
        list.add('v2.labels.profile-label-platform', `/data/${i}/profiles/${j}/platform`, `expected a network name (${networks.join(', ')}), got ${quote(platform)}`);
      }
    }
  }
}
