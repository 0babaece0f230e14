/**
 * Items sent back by the checking threads (src/cli/packed-items.ts): a valid response without
 * problems is packed and unpacked into the very item the checker made (members in the same order,
 * so every report is the same byte for byte); anything else goes as it is.
 */
import { describe, expect, it } from 'vitest';
import { createChecker } from '../../src/report/check-response.js';
import { packItems, unpackItem } from '../../src/cli/packed-items.js';
import type { ReportItem } from '../../src/report/report-types.js';
import { metricsBody, metricsRequest } from './helpers.js';

const raw = { file: 'session.har', text: '{}', start: { line: 3, column: 5 }, body: 'har' as const };

describe('items packed for the trip back from a checking thread', () => {
  it('packs a valid response without problems and unpacks it member for member, in order', async () => {
    const check = createChecker(false);
    const valid: ReportItem = { kind: 'response', ...(await check({ kind: 'response', source: 'session.har#2', method: 'POST', path: '/2/facebook/metrics', status: 200, body: metricsBody, request: metricsRequest, raw })) };
    expect(valid).toMatchObject({ valid: true, errors: [], warnings: [] });
    const [sent] = packItems([valid]);
    expect(Array.isArray(sent)).toBe(true);
    expect(JSON.stringify(unpackItem(sent))).toBe(JSON.stringify(valid));
    expect(unpackItem(sent)).toStrictEqual(valid);
  });

  it('sends any other item as it is: problems, warnings, no place in a file, skipped and unreadable', async () => {
    const check = createChecker(false);
    const invalid: ReportItem = { kind: 'response', ...(await check({ kind: 'response', source: 'a.json', method: 'POST', path: '/2/facebook/metrics', status: 200, body: { ...metricsBody, data: 'x' }, request: metricsRequest, raw })) };
    const warned: ReportItem = { kind: 'response', ...(await check({ kind: 'response', source: 'b.json', method: 'POST', path: '/2/facebook/metrics', status: 200, body: metricsBody, requestMissing: 'no request body was recorded', raw })) };
    const unplaced: ReportItem = { kind: 'response', ...(await check({ kind: 'response', source: 'c.json', method: 'POST', path: '/2/facebook/metrics', status: 200, body: metricsBody, request: metricsRequest })) };
    const others: ReportItem[] = [invalid, warned, unplaced, { kind: 'skipped', source: 's.har#1', reason: 'CORS preflight', detail: 'OPTIONS x' }, { kind: 'unreadable', source: 'u.json', message: 'empty file' }];
    expect(invalid.valid).toBe(false);
    expect(warned.warnings.length).toBe(1);
    expect(packItems(others)).toEqual(others);
    expect(packItems(others).map(unpackItem)).toStrictEqual(others);
  });
});
