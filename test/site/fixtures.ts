/** Small inline catalog entries for the site generator unit tests. */
import type { Metric, NetworkInfo, PostCatalog, PostField, Version } from '../../src/shared/catalog-types.js';

export function metric(name: string, extra: Partial<Metric> = {}): Metric {
  return { name, type: 'number', extraDimensions: [], insightsOnly: name.startsWith('insights_'), deprecated: false, mayReturnNoData: false, ...extra };
}

export function field(name: string, extra: Partial<PostField> = {}): PostField {
  return {
    name, type: 'integer', sortable: false, sortKeys: [], filterable: false, advancedFilter: false,
    insightsOnly: name.startsWith('insights_'), videoOnly: false, deprecated: false, ...extra,
  };
}

export function posts(fields: PostField[], sort = true, responseMembers: PostCatalog['responseMembers'] = []): PostCatalog {
  return { sort, fields, responseMembers };
}

export function network(name: string, versions: Version[], extra: Partial<NetworkInfo> = {}): NetworkInfo {
  const title = name.charAt(0).toUpperCase() + name.slice(1);
  return { name, documentName: `net${title}`, title, description: `${title} network.`, insights: false, versions, ...extra };
}

/** A small README with every section the "Using the package" pages pick (usage-pages.ts). */
export const USAGE_README = `# pkg

Intro.

## Install

\`\`\`sh
# not a heading: a comment of the shell
npm install pkg
\`\`\`

## Working on the package

Not for users.

## Quick start

Start <here> with \`createClient\`, see [the rules](rules.html#v2.x), [a decision](docs/decisions/x.md) and [the changes](CHANGELOG.md).

## Validating captured responses in CI

\`\`\`sh
npx pkg validate captures/
\`\`\`

**Exit codes.** 0: every response valid.

| Reporter | Writes |
|---|---|
| \`github\` | workflow commands, one per problem, so that the annotation lands on the value |

### In your own tests: \`validateResponse\` and the vitest matcher

\`\`\`ts
expect(body).toBeValidResponse();
\`\`\`

## Validate live traffic

Proxy text.

## The client

Client text.

### Retries

Retry text.

## Request builders and unions

Builders text.

## The mock server

Mock text.

## Tests without the network

Tests text.

## Entry points

Entry text.

## Releasing

Not for users.
`;

/** The documents of docs/ the "Using the package" pages show, small, headed by their pages' titles. */
export const USAGE_DOCUMENTS: Readonly<Record<string, string>> = {
  'docs/ci.md': `# Validating captured responses in CI

Intro: [the mock as a service](mock-service.md), [the splitting rules](decisions/metrics-splitting.md), [large inputs](#large-inputs), [the README](../README.md).

## GitHub Actions

- **One root for every path.** Paths.
- \`sarif\`: SARIF 2.1.0.
- \`github\` (on a runner): annotations.
- plain \`code\` in an item

## Large inputs

Threads.
`,
  'docs/mock-service.md': '# The mock server: its edges, and as a CI or compose service\n\nService text.\n',
  'docs/decisions/metrics-splitting.md': '# Splitting big metrics requests: exact merges only, planned before sending\n\nRules.\n',
  'docs/testing-without-network.md': '# Tests without the network: a component test, and every option\n\nA component test.\n',
};

/** Help texts of a command line, for the command line reference. */
export const USAGE_HELP = [
  { command: '', text: 'usage: pkg <command>\n\noptions:\n  -v, --version   print the version\n  -h, --help      this help' },
  { command: 'validate', text: 'usage: pkg validate <file>\n\noptions:\n  --reporter NAME   text <default> or sarif\n  --output FILE, -o FILE   its file\n  --strict          inferred rules fail too\n  -h, --help        this help' },
  { command: 'proxy', text: 'usage: pkg proxy\n\noptions:\n  --strict   as validate' },
];
