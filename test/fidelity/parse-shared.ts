/**
 * Reads the rules the two source documents share: the base dimensions, the error codes (code,
 * HTTP status, endpoints) and the limits. Independent of the catalogs, like parse-source.ts.
 */
import { readFileSync } from 'node:fs';
import { DOC_NETWORKS, readSourceFacts, type SourceFacts } from './parse-source.js';

export interface SourceError {
  code: number;
  httpStatus: number;
  /** `all`, or the operations per version with real network names ("POST /2/facebook/page/posts"). */
  endpoints: 'all' | { v1?: string[]; v2?: string[] };
}

export interface SourceLimit {
  value: number;
  errorCode?: number;
}

export interface SharedFacts {
  /** The dimensions every v2 metric supports. */
  dimensions: string[];
  errors: SourceError[];
  /** Limit name in the documents ("profiles per metrics request") -> value and error code. */
  limits: Record<string, SourceLimit & { max?: number }>;
}

const realNetworks = (text: string) => text.replace(/\bnet[A-F]\b/g, (n) => DOC_NETWORKS[n]);

function tableAfter(markdown: string, headerStart: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.startsWith(headerStart));
  if (start === -1) throw new Error(`table "${headerStart}" not found`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.replace(/^\||\|$/g, '').split('|').map((c) => c.trim()));
  }
  return rows;
}

export function readSharedFacts(v2Markdown: string, v1Markdown: string): SharedFacts {
  const dimLine = v2Markdown.split('\n').find((l) => l.startsWith('- Every metric below supports the dimensions'));
  if (!dimLine) throw new Error('the base dimensions line was not found');
  const dimensions = [...dimLine.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

  const errors: SourceError[] = tableAfter(v2Markdown, '| Code | Endpoint | Meaning | HTTP status |').map(([code, endpoint, , status]) => ({
    code: Number(code),
    httpStatus: Number(status),
    endpoints: endpoint === 'all' ? 'all' : { v2: [realNetworks(endpoint)] },
  }));
  // Document 2: "code 7 (...) is listed for POST /1/netA/metrics".
  for (const m of v1Markdown.matchAll(/code (\d+) \([^)]*\) is listed for (\w+ \/1\/\S+?)\.?(?:\s|$)/g)) {
    const entry = errors.find((e) => e.code === Number(m[1]));
    if (!entry || entry.endpoints === 'all') throw new Error(`document 2 names endpoints for code ${m[1]}, which document 1 gives for all endpoints`);
    entry.endpoints.v1 = [realNetworks(m[2])];
  }

  const limits: SharedFacts['limits'] = {};
  for (const [name, value, appliesTo] of tableAfter(v2Markdown, '| Limit | Value | Applies to |')) {
    const numbers = [...value.matchAll(/\d+/g)].map((m) => Number(m[0]));
    const code = /gives code (\d+)/.exec(appliesTo);
    limits[name.replace(/`/g, '')] = {
      value: numbers[0],
      ...(numbers.length > 1 ? { max: numbers[1] } : {}),
      ...(code ? { errorCode: Number(code[1]) } : {}),
    };
  }
  return { dimensions, errors, limits };
}

/** Everything the fidelity test reads from ../shared/source: per-version facts and shared rules. */
export function readAllFacts(dir: string): SourceFacts & { shared: SharedFacts } {
  const shared = readSharedFacts(readFileSync(`${dir}/document-1-api-v2.md`, 'utf8'), readFileSync(`${dir}/document-2-api-v1.md`, 'utf8'));
  return { ...readSourceFacts(dir), shared };
}
