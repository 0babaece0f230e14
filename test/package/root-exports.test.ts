/**
 * The root entry exports what the README documents and nothing else: every value it exports is
 * named in README.md, and the list is this one (an export added to the root is a decision, made
 * here and in the README together).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as root from '../../src/index.js';
import { PROJECT_ROOT } from '../pipeline/temp-project.js';

const DOCUMENTED = [
  'ApiError',
  'ClientConfigError',
  'MergeError',
  'RequestValidationError',
  'ResponseValidationError',
  'SplitRefusedError',
  'createClient',
  'maxDateEnd',
  'metricsRequest',
];

describe('the package root', () => {
  it('exports exactly the documented values', () => {
    expect(Object.keys(root).sort()).toEqual([...DOCUMENTED].sort());
  });

  it('has each of them named in README.md', () => {
    const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
    expect(DOCUMENTED.filter((name) => !readme.includes(`\`${name}\``) && !new RegExp(`\\b${name}\\b`).test(readme))).toEqual([]);
  });
});
