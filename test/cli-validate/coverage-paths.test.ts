/** --coverage against the catalogs; symbolic links and cycles; how paths are shown. */
import { mkdirSync, symlinkSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../src/catalog/index.js';
import { operations } from '../../generated/operations.js';
import { metricsBody, metricsRequest, run, tempDir, validCapture } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());

describe('validate --coverage', () => {
  it('counts operations, metrics per network, post fields and dimensions exercised against the catalogs', async () => {
    const v1Body = { success: true, profiles: [{ id: 'p1', data: [{ date: '2026-01-01 00:00:00', fans_lifetime: 3 }] }] };
    tmp.write('cov/captures.json', [
      validCapture,
      { method: 'POST', path: '/2/facebook/metrics', response: { ...metricsBody, header: [{ type: 'profile', rows: ['p1'] }, { type: 'metric', rows: ['fans_lifetime'] }], data: [[4]] } },
      { method: 'POST', path: '/1/facebook/metrics', request: { ...metricsRequest, dimensions: undefined, metrics: ['fans_lifetime'] }, response: v1Body },
      { method: 'POST', path: '/2/instagram/profile/posts', request: { profiles: ['p1'], date_start: '2026-01-01', date_end: '2026-01-02', fields: ['id', 'created_time'] }, response: { success: true, data: { posts: [] } } },
    ]);
    const result = await run(['cov', '--coverage', '--json'], tmp.dir);
    const { coverage } = JSON.parse(result.out);
    expect(coverage.operations).toEqual({ exercised: ['POST /1/facebook/metrics', 'POST /2/facebook/metrics', 'POST /2/instagram/profile/posts'].sort((a, b) => operations.findIndex((o) => o.key === a) - operations.findIndex((o) => o.key === b)), total: operations.length });
    expect(coverage.metrics['v2 facebook']).toEqual({ exercised: ['fans_change', 'fans_lifetime'].sort((a, b) => catalogs.v2.metrics.facebook.findIndex((m) => m.name === a) - catalogs.v2.metrics.facebook.findIndex((m) => m.name === b)), total: catalogs.v2.metrics.facebook.length });
    expect(coverage.metrics['v1 facebook']).toEqual({ exercised: ['fans_lifetime'], total: catalogs.v1.metrics.facebook.length });
    expect(coverage.metrics['v2 twitter'].exercised).toEqual([]);
    expect(coverage.postFields['v2 instagram'].exercised.sort()).toEqual(['created_time', 'id']);
    expect(coverage.postFields['v2 instagram'].total).toBe(catalogs.v2.posts.instagram.fields.length);
    expect(coverage.dimensions['v2 facebook'].exercised).toEqual(['date.day', 'profile']);
    expect(coverage.dimensions['v1 facebook']).toBeUndefined();
    const text = await run(['cov', '--coverage'], tmp.dir);
    expect(text.out).toContain('coverage (exercised of catalog):');
    expect(text.out).toMatch(new RegExp(`\\n  operations +3 of ${operations.length}\\n`));
    expect(text.out).toMatch(new RegExp(`\\n  metrics v2 facebook +2 of ${catalogs.v2.metrics.facebook.length}\\n`));
    expect(text.out).toMatch(/\n  post fields v2 instagram +2 of \d+\n/);
  });
});

describe('paths', () => {
  it('follows symbolic links to files and folders, reports cycles once and broken links, shows paths relative to the working directory', async () => {
    tmp.write('real/a.json', validCapture);
    mkdirSync(tmp.path('links'));
    symlinkSync(tmp.path('real'), tmp.path('links/folder'));
    symlinkSync(tmp.path('real/a.json'), tmp.path('links/file.json'));
    symlinkSync(tmp.path('links'), tmp.path('links/folder/loop'));
    symlinkSync(tmp.path('nowhere.json'), tmp.path('links/broken.json'));
    const result = await run(['links'], tmp.dir);
    expect(result.out.split('\n')).toEqual([
      'error    links/broken.json: broken symbolic link: its target does not exist',
      'error    links/folder/loop: symbolic link cycle: leads back to links, not followed',
      'ok       links/file.json  POST /2/facebook/metrics (HTTP 200)',
      'ok       links/folder/a.json  POST /2/facebook/metrics (HTTP 200)',
      '',
      '2 responses: 2 valid, 0 invalid; 2 inputs unreadable',
    ]);
    expect(result.code).toBe(2);
  });

  it('shows absolute and ../ arguments relative to the working directory too', async () => {
    tmp.write('here/b.json', validCapture);
    const result = await run([tmp.path('here/b.json'), '../here/b.json'], tmp.path('real'));
    expect(result.out.split('\n').slice(0, 2)).toEqual(['ok       ../here/b.json  POST /2/facebook/metrics (HTTP 200)', 'ok       ../here/b.json  POST /2/facebook/metrics (HTTP 200)']);
  });
});
