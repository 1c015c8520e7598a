/**
 * Checking real responses against /openapi.json: the operation and status must be documented, the
 * media type must be one the document lists, a JSON body must validate (ajv, JSON Schema 2020-12
 * as OpenAPI 3.1 uses it) and every required response header must be present and valid.
 */
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

export type Json = Record<string, unknown>;
export interface OpenApiDocument extends Json {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Json>; securitySchemes?: Record<string, Json> };
}
export interface Operation extends Json {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: Json }[];
  requestBody?: { content: Record<string, { schema?: Json; example?: unknown }> };
  responses: Record<string, ResponseSpec>;
  security?: Record<string, string[]>[];
}
export interface ResponseSpec extends Json {
  description: string;
  headers?: Record<string, { required?: boolean; schema?: Json; description?: string }>;
  content?: Record<string, { schema?: Json; examples?: Record<string, { summary?: string; value: unknown }> }>;
}

export function newAjv() {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  return ajv;
}

/** Splits "post /extract" into its parts. */
export function parseOp(op: string): { method: string; path: string } {
  const [method, path] = op.split(" ") as [string, string];
  return { method, path };
}

/** Every documented operation and status, as "method path" → statuses. */
export function documentedStatuses(doc: OpenApiDocument): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item)) out.set(`${method} ${path}`, Object.keys(op.responses ?? {}));
  return out;
}

/** Replaces `#/components/schemas/X` references by the schema itself (the document has no cycles). */
function inlineRefs(node: unknown, doc: OpenApiDocument): unknown {
  if (Array.isArray(node)) return node.map((n) => inlineRefs(n, doc));
  if (!node || typeof node !== "object") return node;
  const ref = (node as Json).$ref;
  if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) {
    const target = doc.components?.schemas?.[ref.slice("#/components/schemas/".length)];
    if (!target) throw new Error(`dangling reference ${ref}`);
    return inlineRefs(target, doc);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inlineRefs(v, doc)]));
}

export class ResponseChecker {
  private readonly ajv = newAjv();
  private readonly compiled = new Map<string, ValidateFunction>();
  constructor(readonly doc: OpenApiDocument) {}

  /** The documented response, or a reason it is missing. */
  spec(op: string, status: number): ResponseSpec | string {
    const { method, path } = parseOp(op);
    const operation = this.doc.paths[path]?.[method];
    if (!operation) return `${method.toUpperCase()} ${path} is not in the document`;
    return (
      operation.responses?.[String(status)] ?? `${method.toUpperCase()} ${path} answered ${status}, a status the document does not list`
    );
  }

  validator(op: string, status: number, schema: Json): ValidateFunction {
    const key = `${op} ${status}`;
    let fn = this.compiled.get(key);
    if (!fn) this.compiled.set(key, (fn = this.ajv.compile(inlineRefs(schema, this.doc) as Json)));
    return fn;
  }

  /** Problems of one real response (empty when it matches the document). Reads the body. */
  async check(op: string, res: Response): Promise<{ problems: string[]; body: unknown }> {
    const text = await res.text();
    const spec = this.spec(op, res.status);
    if (typeof spec === "string") return { problems: [spec], body: text };
    const problems: string[] = [];
    for (const [name, header] of Object.entries(spec.headers ?? {})) {
      const value = res.headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`the required header ${name} is missing`);
        continue;
      }
      if (header.schema) {
        const typed = header.schema.type === "integer" && /^\d+$/.test(value) ? Number(value) : value;
        const validate = this.ajv.compile(header.schema);
        if (!validate(typed)) problems.push(`header ${name}: ${this.ajv.errorsText(validate.errors)}`);
      }
    }
    const mediaType = (res.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const content = spec.content ?? {};
    // A HEAD answer has the GET's headers and no body.
    if (parseOp(op).method === "head") {
      if (text.length > 0) problems.push("a HEAD answer carried a body");
      if (Object.keys(content).length > 0 && !content[mediaType])
        problems.push(`content type ${mediaType || "(none)"} is not one of ${Object.keys(content).join(", ")}`);
      return { problems, body: text };
    }
    if (Object.keys(content).length === 0) {
      if (text.length > 0) problems.push(`a body was sent but the document declares none`);
      return { problems, body: text };
    }
    if (!content[mediaType])
      return {
        problems: [...problems, `content type ${mediaType || "(none)"} is not one of ${Object.keys(content).join(", ")}`],
        body: text,
      };
    if (mediaType !== "application/json") return { problems, body: text };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { problems: [...problems, "the body is not JSON"], body: text };
    }
    const schema = content[mediaType]!.schema;
    if (!schema) return { problems: [...problems, "the document gives no schema for this JSON body"], body };
    const validate = this.validator(op, res.status, schema);
    if (!validate(body))
      problems.push(
        ...(validate.errors ?? []).map(
          (e) =>
            `body${e.instancePath}: ${e.message}${e.params && "additionalProperty" in e.params ? ` (${String(e.params.additionalProperty)})` : ""}`,
        ),
      );
    return { problems, body };
  }
}

/**
 * Where a response body schema declares an object's fields but does not close it
 * (`additionalProperties: false`), so a field missing from the schema would go unnoticed.
 */
export function openObjects(doc: OpenApiDocument): string[] {
  const open: string[] = [];
  const walk = (node: unknown, where: string) => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
    if (!node || typeof node !== "object") return;
    const schema = node as Json;
    if (schema.type === "object" && schema.properties && schema.additionalProperties !== false) open.push(where);
    for (const [k, v] of Object.entries(schema)) walk(v, `${where}/${k}`);
  };
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item))
      for (const [status, response] of Object.entries(op.responses ?? {}))
        for (const [type, media] of Object.entries(response.content ?? {})) walk(media.schema, `${method} ${path} ${status} ${type}`);
  return open;
}
