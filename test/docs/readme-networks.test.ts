/**
 * The README names the networks as catalogs/networks.yaml lists them: the list under the title
 * holds every network, in the catalog's order.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadModel } from '../../scripts/model/load-model.js';
import { PROJECT_ROOT } from '../pipeline/temp-project.js';

const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
const networks = loadModel(PROJECT_ROOT).networks;

it('lists every network of the catalog under the title, in its order', () => {
  const intro = readme.slice(0, readme.indexOf('\n\n', readme.indexOf('\n\n') + 2));
  const listed = /\(([a-z, ]+)\):$/.exec(intro.trim())?.[1].split(', ');
  expect(listed).toEqual(networks.map((n) => n.name));
});

