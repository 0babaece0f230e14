/**
 * The request checks join each operation with the checks of its body: the usual checks of its
 * kind, or its own where generated/request-validators.ts lists the operation (a network whose
 * posts request offers no `sort` where the others do).
 */
import { expect, it } from 'vitest';
import { requestOperations } from '../../src/request-checks/request-operations.js';

const usual = { name: 'usual' };
const own = { name: 'own' };
const operations = [
  { key: 'POST /2/facebook/page/posts', kind: 'posts', network: 'facebook' },
  { key: 'POST /2/tiktok/profile/posts', kind: 'posts', network: 'tiktok' },
  { key: 'POST /2/post/labels', kind: 'post-labels' },
] as const;

it('an operation listed with checks of its own gets them; the others of its kind get the usual ones; a kind without checks none', () => {
  const joined = requestOperations(operations, { posts: usual }, { 'POST /2/tiktok/profile/posts': own });
  expect(joined['POST /2/facebook/page/posts']).toEqual({ kind: 'posts', network: 'facebook', body: usual });
  expect(joined['POST /2/tiktok/profile/posts']).toEqual({ kind: 'posts', network: 'tiktok', body: own });
  expect(joined['POST /2/post/labels']).toEqual({ kind: 'post-labels' });
});

it('a member inherited from Object.prototype is not an operation of its own', () => {
  const joined = requestOperations([{ key: 'constructor', kind: 'posts' }], { posts: usual }, {});
  expect(joined.constructor).toEqual({ kind: 'posts', body: usual });
});
