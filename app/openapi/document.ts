/** The OpenAPI 3.1 document of the HTTP API, built from API_ROUTES and the zod schemas of the request bodies. */
import { z } from "zod";
import { API_ROUTES, type Operation, type RouteDoc } from "./routes";

/** OpenAPI 3.1 takes JSON Schema 2020-12, zod's default target; bodies are described as requests take them (`io: "input"`). */
function bodySchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
}

const ERROR = { $ref: "#/components/schemas/Error" };
const AUTH_RESPONSES: Record<number, string> = { 401: "not signed in: send Authorization: Bearer <token>", 403: "the role does not allow it" };

function responses(op: Operation) {
  const all = op.isPublic ? op.responses : { ...op.responses, ...AUTH_RESPONSES, ...op.responses };
  return Object.fromEntries(Object.entries(all).map(([status, description]) => {
    const isError = Number(status) >= 400;
    const type = isError ? "application/json" : op.produces ?? "application/json";
    return [status, { description, ...(Number(status) === 303 || Number(status) === 206 ? {} : { content: { [type]: isError ? { schema: ERROR } : {} } }) }];
  }));
}

function parameters(route: RouteDoc, op: Operation) {
  const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
  const inQuery = (op.query ?? []).map((q) => ({ name: q.name, in: "query", required: q.required ?? false, description: q.description, schema: { type: "string" } }));
  return [...inPath, ...inQuery];
}

function operation(route: RouteDoc, method: string, op: Operation) {
  const type = op.form ? "application/x-www-form-urlencoded" : "application/json";
  return {
    operationId: `${method}${route.path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`,
    summary: op.summary, ...(op.description ? { description: op.description } : {}), tags: [route.tag],
    parameters: parameters(route, op),
    ...(op.body ? { requestBody: { required: true, content: { [type]: { schema: bodySchema(op.body) } } } } : {}),
    responses: responses(op),
    ...(op.isPublic ? { security: [] } : {}),
  };
}

/** The whole document. */
export function buildOpenApiDocument(version: string) {
  const paths = Object.fromEntries(API_ROUTES.map((route) => [route.path,
    Object.fromEntries(Object.entries(route.methods).map(([method, op]) => [method, operation(route, method, op!)]))]));
  return {
    openapi: "3.1.0",
    info: { title: "FocusCrawl API", version, description: "The dashboard's HTTP API. Writes take JSON (Content-Type: application/json); every refusal is {\"error\": \"...\"} saying what to fix." },
    paths,
    components: {
      schemas: { Error: { type: "object", properties: { error: { type: "string" } }, required: ["error"] } },
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "an API token: focuscrawl token add --user NAME" },
        basic: { type: "http", scheme: "basic", description: "a user's name and password" },
        session: { type: "apiKey", in: "cookie", name: "focuscrawl_session", description: "the sign-in form's session" },
      },
    },
    security: [{ bearer: [] }, { basic: [] }, { session: [] }],
  };
}
