/**
 * A catalog (or spec) with a deliberate error stops the pipeline with ONE message naming the
 * file, the line, the entry and the rule. Each case edits one temp copy of the inputs, put back
 * as it was after the case. The pipeline runs in-process without the steps that run in worker
 * threads (each run would start their threads, which load TypeScript, ts-morph and prettier, for
 * nothing: every error here comes before them); the real entry with every step, threads
 * included, stops with one message in generate-entry.test.ts.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Step } from '../../scripts/generators/artifact.js';
import { runSteps } from '../../scripts/generate.js';
import { PipelineError } from '../../scripts/model/errors.js';
import { STEPS } from '../../scripts/steps.js';
import { makeTempProject, type TempProject } from './temp-project.js';

interface ErrorCase {
  name: string;
  /** Breaks the copy. */
  edit(project: TempProject): void;
  /** The whole expected message; `line(file, text)` is the line of `text` in the edited copy. */
  message(line: (file: string, text: string) => number): string;
}

const V2_LINKEDIN = 'catalogs/v2/linkedin.metrics.yaml';
const V1_PINTEREST = 'catalogs/v1/pinterest.metrics.yaml';
const V2_TWITTER_POSTS = 'catalogs/v2/twitter.post-fields.yaml';
const LIFETIME = '  - name: followers_lifetime\n';

const cases: ErrorCase[] = [
  {
    name: 'unknown key',
    edit: (p) => p.replace(V2_LINKEDIN, LIFETIME, `${LIFETIME}    colour: red\n`),
    message: (line) =>
      `${V2_LINKEDIN}:${line(V2_LINKEDIN, 'name: followers_lifetime')}: /metrics/1: metric "followers_lifetime": unknown key "colour" (rule: schema additionalProperties)`,
  },
  {
    name: 'wrong type',
    edit: (p) => p.replace(V2_LINKEDIN, LIFETIME, `${LIFETIME}    deprecated: "yes"\n`),
    message: (line) =>
      `${V2_LINKEDIN}:${line(V2_LINKEDIN, 'deprecated: "yes"')}: /metrics/1/deprecated: metric "followers_lifetime": must be boolean (rule: schema type)`,
  },
  {
    name: 'value outside an enum',
    edit: (p) => p.replace(V2_LINKEDIN, 'aggregation: avg', 'aggregation: mean'),
    message: (line) =>
      `${V2_LINKEDIN}:${line(V2_LINKEDIN, 'aggregation: mean')}: /metrics/1/aggregation: metric "followers_lifetime": must be one of "sum", "avg" (rule: schema enum)`,
  },
  {
    name: 'wrong type in a shared catalog',
    edit: (p) => p.replace('catalogs/limits.yaml', 'dateRangeMonths: { value: 3,', 'dateRangeMonths: { value: three,'),
    message: (line) =>
      `catalogs/limits.yaml:${line('catalogs/limits.yaml', 'value: three')}: /limits/dateRangeMonths/value: must be integer (rule: schema type)`,
  },
  {
    name: 'duplicate name',
    edit: (p) => p.replace(V2_LINKEDIN, LIFETIME, '  - name: followers_change\n'),
    message: () => `${V2_LINKEDIN}:7: /metrics/1: metric "followers_change": duplicate name (first at #1) (rule: unique names)`,
  },
  {
    name: 'undeclared extra dimension',
    edit: (p) => p.replace(V2_LINKEDIN, LIFETIME, `${LIFETIME}    extraDimensions: [country, weather]\n`),
    message: (line) =>
      `${V2_LINKEDIN}:${line(V2_LINKEDIN, 'weather')}: /metrics/1/extraDimensions/1: metric "followers_lifetime": extra dimension "weather" is not declared in catalogs/dimensions.yaml (rule: declared extra dimensions)`,
  },
  {
    name: 'declared extra dimension that no metric allows',
    edit: (p) => p.replace('catalogs/dimensions.yaml', 'extraDimensions:\n', 'extraDimensions:\n  - name: weather\n    description: Breakdown by weather.\n'),
    message: (line) =>
      `catalogs/dimensions.yaml:${line('catalogs/dimensions.yaml', 'name: weather')}: /extraDimensions/0: extra dimension "weather": declared but no metric allows it (rule: no unused extra dimensions)`,
  },
  {
    name: 'insights_ rule: insights_ name without insightsOnly',
    edit: (p) => p.replace(V2_LINKEDIN, LIFETIME, '  - name: insights_followers_lifetime\n'),
    message: (line) =>
      `${V2_LINKEDIN}:${line(V2_LINKEDIN, 'insights_followers_lifetime')}: /metrics/1: metric "insights_followers_lifetime": name starts with insights_ but insightsOnly is not true (rule: the insights_ rule)`,
  },
  {
    name: 'insights_ rule: insightsOnly on another name',
    edit: (p) => p.replace(V2_LINKEDIN, LIFETIME, `${LIFETIME}    insightsOnly: true\n`),
    message: (line) =>
      `${V2_LINKEDIN}:${line(V2_LINKEDIN, 'name: followers_lifetime')}: /metrics/1: metric "followers_lifetime": insightsOnly is true but the name does not start with insights_ (rule: the insights_ rule)`,
  },
  {
    name: 'v1 metric with an aggregation',
    edit: (p) => p.replace(V1_PINTEREST, '  - name: boards_lifetime\n', '  - name: boards_lifetime\n    aggregation: avg\n'),
    message: (line) =>
      `${V1_PINTEREST}:${line(V1_PINTEREST, 'aggregation: avg')}: /metrics/1/aggregation: metric "boards_lifetime": v1 metrics have no aggregation (rule: v1 has no aggregation)`,
  },
  {
    name: 'v2 metric that is not a number',
    edit: (p) => p.replace(V2_LINKEDIN, '    aggregation: avg\n    type: number', '    aggregation: avg\n    type: integer'),
    message: (line) =>
      `${V2_LINKEDIN}:${line(V2_LINKEDIN, 'type: integer')}: /metrics/1/type: metric "followers_lifetime": v2 metric values are numbers (rule: v2 value type)`,
  },
  {
    name: 'sortable field where no sort is offered',
    edit: (p) => p.replace(V2_TWITTER_POSTS, '  - name: author_id\n', '  - name: author_id\n    sortable: true\n'),
    message: (line) =>
      `${V2_TWITTER_POSTS}:${line(V2_TWITTER_POSTS, 'name: author_id')}: /fields/0: post field "author_id": sortable, but this network offers no sort parameter (sort: false) (rule: sort offered)`,
  },
  {
    name: 'network in the file does not match the file name',
    edit: (p) => p.replace(V1_PINTEREST, 'network: pinterest', 'network: twitter'),
    message: () => `${V1_PINTEREST}:2: /network: network "twitter" does not match the file name (rule: file location)`,
  },
  {
    name: 'version in the file does not match the folder',
    edit: (p) => p.replace(V1_PINTEREST, 'version: 1', 'version: 2'),
    message: () => `${V1_PINTEREST}:1: /version: version 2 does not match the folder v1 (rule: file location)`,
  },
  {
    name: 'file name of no known kind',
    edit: (p) => p.write('catalogs/v2/linkedin.metric.yaml', 'version: 2\n'),
    message: () => 'catalogs/v2/linkedin.metric.yaml: unexpected file: catalog files are named <network>.metrics.yaml or <network>.post-fields.yaml (rule: file naming)',
  },
  {
    name: 'file of an unknown network',
    edit: (p) => p.write('catalogs/v2/myspace.metrics.yaml', 'version: 2\n'),
    message: () =>
      'catalogs/v2/myspace.metrics.yaml: unknown network "myspace" in the file name (networks.yaml lists facebook, instagram, twitter, youtube, linkedin, pinterest) (rule: known networks)',
  },
  {
    name: 'file of a network outside the version',
    edit: (p) => p.write('catalogs/v1/linkedin.metrics.yaml', 'version: 1\n'),
    message: () => 'catalogs/v1/linkedin.metrics.yaml: network "linkedin" is not in version 1 (networks.yaml) (rule: networks of a version)',
  },
  {
    name: 'invalid YAML: a list item without its dash',
    edit: (p) => p.replace(V1_PINTEREST, '  - name: comments\n', '   name: comments\n'),
    message: (line) => `${V1_PINTEREST}:${line(V1_PINTEREST, '   name: comments')}: invalid YAML: Sequence item without - indicator (rule: YAML syntax)`,
  },
  {
    name: 'invalid YAML: a key twice in one entry',
    edit: (p) => p.replace(V1_PINTEREST, '  - name: comments\n', '  - name: comments\n    name: likes\n'),
    message: (line) => `${V1_PINTEREST}:${line(V1_PINTEREST, 'name: likes')}: invalid YAML: Map keys must be unique (rule: YAML syntax)`,
  },
  {
    name: 'spec $ref to a missing file',
    edit: (p) => p.replace('spec/v2/paths/post-labels.yaml', 'UnknownRequestBody.yaml', 'NoSuchBody.yaml'),
    message: () =>
      'spec/v2/paths/post-labels.yaml: /post/requestBody/content/application~1json/schema: $ref "../../shared/components/schemas/NoSuchBody.yaml" points to a missing file (spec/shared/components/schemas/NoSuchBody.yaml) (rule: $ref targets exist)',
  },
];

describe('a broken catalog stops the pipeline with one clear message', () => {
  let project: TempProject;
  let writeFile: TempProject['write'];
  /** The text of each file a case wrote before it wrote it (undefined: the file was new). */
  const originals = new Map<string, string | undefined>();
  const IN_PROCESS_STEPS: readonly Step[] = STEPS.filter((step) => !('thread' in step));
  beforeAll(() => {
    project = makeTempProject();
    writeFile = project.write;
    project.write = (rel, text) => {
      if (!originals.has(rel)) originals.set(rel, existsSync(join(project.root, rel)) ? project.read(rel) : undefined);
      writeFile(rel, text);
    };
  });
  afterEach(() => {
    for (const [rel, text] of originals) {
      if (text === undefined) rmSync(join(project.root, rel));
      else writeFile(rel, text);
    }
    originals.clear();
  });
  afterAll(() => project?.remove());

  it.each(cases)('$name', async ({ edit, message }) => {
    edit(project);
    const p = project;
    const error = await runSteps(p.root, IN_PROCESS_STEPS).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(PipelineError);
    const text = (error as PipelineError).message;
    expect(text).not.toContain('\n');
    expect(text).toBe(message((file, needle) => p.lineOf(file, needle)));
  });
});
