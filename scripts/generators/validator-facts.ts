/**
 * Writes generated/validator-facts.ts: the slice of the catalogs the response validators' checks
 * read (per version and network each metric's type and extra dimensions, each post field's and
 * response member's type, whether posts sort; the extra dimensions, the error codes, the default
 * page size). `social-analytics-api/validators` imports it instead of the full catalogs
 * (generated/catalogs.ts, with every description), so loading the validators stays light.
 */
import type { Model, VersionModel } from '../model/types.js';
import type { Artifact } from './artifact.js';
import { dataModuleArtifact } from './catalog-data.js';

export const SCRIPT = 'scripts/generators/validator-facts.ts';

const typed = (items: readonly { name: string; type: string }[]) => items.map(({ name, type }) => ({ name, type }));

function versionFacts(vm: VersionModel) {
  return {
    metrics: Object.fromEntries(vm.networks.map((n) => [n, vm.metrics[n].map((m) => ({ name: m.name, type: m.type, extraDimensions: m.extraDimensions }))])),
    posts: Object.fromEntries(
      vm.networks.filter((n) => vm.posts[n]).map((n) => [n, { sort: vm.posts[n]!.sort, fields: typed(vm.posts[n]!.fields), responseMembers: typed(vm.posts[n]!.responseMembers) }]),
    ),
  };
}

export function validatorFactsArtifact(model: Model): Artifact {
  const data = {
    extraDimensions: model.extraDimensions.map((d) => d.name),
    errors: model.errors.map((e) => ({ code: e.code, httpStatus: e.httpStatus })),
    pageSize: model.limits.pageSize.default,
    v1: versionFacts(model.v1),
    v2: versionFacts(model.v2),
  };
  return dataModuleArtifact({
    script: SCRIPT,
    path: 'generated/validator-facts.ts',
    doc: [
      'The catalog facts the response validators read: a slice of generated/catalogs.ts (types,',
      'extra dimensions, error codes, the default page size; no descriptions).',
    ],
    type: { name: 'ValidatorFacts', from: '../src/validators/catalog-facts.js' },
    name: 'validatorFacts',
    data,
  });
}
