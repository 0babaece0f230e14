/**
 * Every request and response example of the generated documents validates against its schema
 * (JSON Schema 2020-12 with formats, via Ajv), and the check is not vacuous: a broken example
 * is refused.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { allExamples, generatedDoc, type Doc } from './generated-docs.js';

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => void;

/** A validator for any schema of the document, by JSON pointer (internal refs resolve in the document). */
function schemaValidator(version: 1 | 2, doc: Doc) {
  // OpenAPI keywords (example, x-*) are unknown to JSON Schema: strict false ignores them.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const id = `https://social-analytics-api.invalid/v${version}.json`;
  ajv.addSchema({ ...doc, $id: id });
  return (pointer: string, value: unknown) => {
    const validate = ajv.getSchema(`${id}#${pointer}`) ?? ajv.compile({ $ref: `${id}#${pointer}` });
    const ok = validate(value) as boolean;
    return { ok, errors: ajv.errorsText(validate.errors, { separator: '\n' }) };
  };
}

describe.each([1, 2] as const)('generated/openapi/v%s.yaml examples', (version) => {
  const doc = generatedDoc(version);
  const validate = schemaValidator(version, doc);
  const examples = allExamples(doc);

  it('there are request and response examples to check', () => {
    expect(examples.some((e) => e.label.includes(' request '))).toBe(true);
    expect(examples.some((e) => e.label.includes(' response 200 '))).toBe(true);
  });

  it.each(examples.map((e) => [e.label, e] as const))('%s validates against its schema', (_label, example) => {
    const { ok, errors } = validate(example.schemaPointer, example.value);
    expect(errors).toBe('No errors');
    expect(ok).toBe(true);
  });

  it('a metrics request example with an unknown metric name is refused', () => {
    const example = examples.find((e) => / \/\d\/facebook\/metrics request /.test(e.label))!;
    const broken = { ...(example.value as Record<string, unknown>), metrics: ['no_such_metric'] };
    expect(validate(example.schemaPointer, broken).ok).toBe(false);
  });

  it('formats are checked: a request example with 30 February is refused', () => {
    const example = examples.find((e) => / \/\d\/facebook\/metrics request /.test(e.label))!;
    const broken = { ...(example.value as Record<string, unknown>), date_start: '2026-02-30' };
    expect(validate(example.schemaPointer, broken).errors).toContain('must match format "date"');
  });

  it('a 200 example that is both success and failure is refused', () => {
    const example = examples.find((e) => / \/\d\/facebook\/metrics response 200 /.test(e.label))!;
    const broken = { ...(example.value as Record<string, unknown>), success: false };
    expect(validate(example.schemaPointer, broken).ok).toBe(false);
  });
});

describe('example values could be real', () => {
  const doc = generatedDoc(2);
  const v1Doc = generatedDoc(1);
  const metricExamples = (d: Doc) =>
    Object.entries(d.paths as Record<string, any>)
      .filter(([path]) => path.endsWith('/metrics'))
      .map(([path, item]) => [path, item.post.responses['200'].content['application/json'].examples] as const);

  it('counts are integers: a v2 metric that v1 types as integer has integer example values (fans_lifetime)', () => {
    const v1Types = new Map<string, string>();
    for (const [path, examples] of metricExamples(v1Doc)) {
      const network = path.split('/')[2];
      const record = examples.daily.value.profiles[0].data[0];
      for (const name of Object.keys(record).filter((k) => k !== 'date')) v1Types.set(`${network}/${name}`, Number.isInteger(record[name]) ? 'integer' : 'number');
    }
    let checked = 0;
    for (const [path, examples] of metricExamples(doc)) {
      const network = path.split('/')[2];
      const { header, data } = examples.daily.value;
      header.at(-1).rows.forEach((name: string, m: number) => {
        const facts = doc.components.schemas[`${network[0].toUpperCase()}${network.slice(1)}MetricName`]?.['x-metrics']?.[name];
        expect(facts, `${network} ${name}`).toBeDefined();
        if (v1Types.get(`${network}/${name}`) === 'integer' || name === 'fans_lifetime') {
          for (const row of data) expect(Number.isInteger(row[m]), `${path} ${name}`).toBe(true);
          checked++;
        }
      });
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('every v2 metrics operation shows a three-level answer: [profile, date.day] gives data[profile][day][metric]', () => {
    for (const [path, examples] of metricExamples(doc)) {
      const { header, data } = examples.byProfile.value;
      expect(header.map((h: any) => h.type), path).toEqual(['profile', 'date.day', 'metric']);
      expect(data).toHaveLength(header[0].rows.length);
      for (const perProfile of data) {
        expect(perProfile).toHaveLength(header[1].rows.length);
        for (const perDay of perProfile) expect(perDay).toHaveLength(header[2].rows.length);
      }
    }
  });
});
