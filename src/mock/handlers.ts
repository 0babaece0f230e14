/** Dispatches an authenticated request of a known operation to its answer. */
import type { OperationInfo } from '../../generated/operations.js';
import { profileLabelsView, profileView, type MockAccount } from './account.js';
import type { CheckContext } from './checks.js';
import { MockFailure } from './failures.js';
import { answerMetricsV1, answerMetricsV2 } from './metrics.js';
import { answerPosts } from './posts.js';

export interface HandlerState {
  account: MockAccount;
  seed: number;
  limits: boolean;
  historyStart: number;
}

/** The success body of an operation, or throws MockFailure. `body` is the parsed JSON (undefined for none). */
export function answer(op: OperationInfo, body: unknown, state: HandlerState): unknown {
  const ctx: CheckContext = { account: state.account, network: op.network ?? '', version: op.version, limits: state.limits, historyStart: state.historyStart };
  switch (op.kind) {
    case 'profiles':
      return { success: true, profiles: (state.account.profiles[op.network!] ?? []).map(profileView) };
    case 'post-labels':
      return { success: true, data: state.account.contentLabels.map((l) => ({ id: l.id, name: l.name })) };
    case 'profile-labels':
      return { success: true, data: profileLabelsView(state.account) };
    case 'metrics':
      return op.version === 1 ? answerMetricsV1(body, ctx, state.seed, op.key) : answerMetricsV2(body, ctx, state.seed, op.key);
    case 'posts':
      return answerPosts(body, ctx, state.seed, op.key);
  }
  throw new MockFailure(404, [`No handler for ${op.key}.`]);
}
