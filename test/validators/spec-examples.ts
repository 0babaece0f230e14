/** Test helper: the examples of the generated OpenAPI documents, per operation and status. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const ROOT = join(import.meta.dirname, '..', '..');

export interface SpecExample {
  version: number;
  /** "POST /2/facebook/metrics" */
  operation: string;
  method: string;
  path: string;
  name: string;
  value: unknown;
}

export interface ResponseExample extends SpecExample {
  status: number;
}

export interface OperationExamples {
  version: number;
  operation: string;
  method: string;
  path: string;
  requestSchema?: unknown;
  requests: SpecExample[];
  responses: ResponseExample[];
}

export function loadDoc(version: number): Record<string, any> {
  return parse(readFileSync(join(ROOT, 'generated', 'openapi', `v${version}.yaml`), 'utf8'));
}

/** The status the examples of the `default` response (a failure at a status not listed) are answered with: its example's code. */
export const UNLISTED_STATUS = 503;

const resolve = (doc: Record<string, any>, node: any) =>
  node?.$ref?.startsWith('#/components/responses/') ? doc.components.responses[node.$ref.split('/').pop()] : node;

/** Every operation of a version with its request and response examples. */
export function operationExamples(version: number): OperationExamples[] {
  const doc = loadDoc(version);
  const out: OperationExamples[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const method of ['get', 'post']) {
      const op = item[method];
      if (!op) continue;
      const operation = `${method.toUpperCase()} ${path}`;
      const base = { version, operation, method: method.toUpperCase(), path };
      const reqContent = op.requestBody?.content?.['application/json'];
      const requests = Object.entries<any>(reqContent?.examples ?? {}).map(([name, ex]) => ({ ...base, name, value: ex.value }));
      const responses: ResponseExample[] = [];
      for (const [key, raw] of Object.entries<any>(op.responses)) {
        const content = resolve(doc, raw)?.content?.['application/json'];
        const status = key === 'default' ? UNLISTED_STATUS : Number(key);
        for (const [name, ex] of Object.entries<any>(content?.examples ?? {})) responses.push({ ...base, status, name, value: ex.value });
        if (content?.example !== undefined) responses.push({ ...base, status, name: 'example', value: content.example });
      }
      out.push({ ...base, requestSchema: reqContent?.schema, requests, responses });
    }
  }
  return out;
}

/** The success example of an operation (status 200, `success: true`) and the request example with the same name, if any. */
export function successExample(ops: OperationExamples): { body: any; request?: any } {
  const response = ops.responses.find((r) => r.status === 200 && (r.value as any)?.success === true);
  if (!response) throw new Error(`${ops.operation} has no success example`);
  const request = ops.requests.find((r) => r.name === response.name) ?? ops.requests[0];
  return { body: structuredClone(response.value), request: request && structuredClone(request.value) };
}

export const allOperations = () => [...operationExamples(1), ...operationExamples(2)];
