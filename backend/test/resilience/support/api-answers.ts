import { Ajv, type ValidateFunction } from 'ajv';

interface Response {
  description?: string;
  content?: Record<string, { schema?: object }>;
}

export interface ApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, Response> }>>;
  components: { schemas: Record<string, object> };
}

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/**
 * Checks answers against the API document as an outside fuzzer driven by it does: the status
 * must be one the operation lists, and a JSON body must match the schema documented for that
 * status (OpenAPI 3.0 schemas, `nullable` included, which Ajv reads; formats are not checked).
 */
export class DocumentedAnswers {
  private readonly ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
  private readonly validators = new Map<string, ValidateFunction | null>();

  constructor(private readonly document: ApiDocument) {}

  /** What is wrong with the answer to `method path` (the document's path), if anything. */
  problem(method: string, path: string, answer: Answer): string | undefined {
    const responses = this.document.paths[path]?.[method.toLowerCase()]?.responses ?? {};
    const status = String(answer.statusCode);
    const response = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
    if (!response)
      return `answered ${status}, which the document does not list (it lists ${Object.keys(responses).join(', ')}): ${answer.body.slice(0, 300)}`;
    const type = String(answer.headers['content-type'] ?? '')
      .split(';')[0]
      .trim();
    if (type !== 'application/json') return undefined;
    const validate = this.validator(`${method} ${path} ${status}`, response);
    if (!validate) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `answered ${status} with a body that is not JSON: ${answer.body.slice(0, 200)}`;
    }
    if (validate(body)) return undefined;
    const [first] = validate.errors ?? [];
    return `answered ${status} with a body that does not match its documented schema (${first?.instancePath || '/'} ${first?.message}): ${answer.body.slice(0, 300)}`;
  }

  private validator(key: string, response: Response): ValidateFunction | null {
    if (!this.validators.has(key)) {
      const schema = response.content?.['application/json']?.schema;
      // The document's `#/components/...` references resolve against the compiled root.
      this.validators.set(
        key,
        schema ? this.ajv.compile({ ...schema, components: this.document.components }) : null,
      );
    }
    return this.validators.get(key)!;
  }
}
