/**
 * Every route file of the API is described: each file under app/api (route.ts) and pages/api
 * appears in GET /api/openapi.json with every method it answers, and nothing is described that no
 * file serves. A new route without an entry in app/openapi/routes.ts fails here.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { projectPath } from "@/lib/project-root";
import { buildOpenApiDocument } from "./document";
import { GET } from "../api/openapi.json/route";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/** The catch-all only answers unknown /api paths with a JSON 404: it is no route of the API. */
const NOT_ROUTES = new Set(["/api/{path}"]);

function walk(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

/** `[id]` → `{id}`, `[...path]` → `{path}`. */
const toOpenApiPath = (segments: string) => `/${segments}`.replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}");

/** Each served path and the methods its file answers (App Router: exported handlers; Pages Router: GET, which HEAD follows). */
function servedRoutes(): Map<string, string[]> {
  const served = new Map<string, string[]>();
  for (const file of walk(projectPath("app", "api")).filter((f) => path.basename(f) === "route.ts")) {
    const rel = path.relative(projectPath("app"), path.dirname(file)).split(path.sep).join("/");
    const source = fs.readFileSync(file, "utf8");
    const methods = METHODS.filter((m) => new RegExp(`export\\s+(async\\s+)?function\\s+${m}\\b|export\\s+const\\s+${m}\\b|\\bas\\s+${m}\\b`).test(source));
    served.set(toOpenApiPath(rel), methods.map((m) => m.toLowerCase()));
  }
  for (const file of walk(projectPath("pages", "api")).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))) {
    const rel = path.relative(projectPath("pages"), file).replace(/\.tsx?$/, "").split(path.sep).join("/");
    served.set(toOpenApiPath(rel), ["get"]);
  }
  return served;
}

test("every route file under app/api and pages/api is in the OpenAPI document with each of its methods, and nothing more", () => {
  const doc = buildOpenApiDocument("0.0.0");
  const served = servedRoutes();
  assert.ok(served.size > 30, `found ${served.size} route files`);
  for (const [p, methods] of served) {
    if (NOT_ROUTES.has(p)) continue;
    const described = doc.paths[p];
    assert.ok(described, `${p} has no description: add it to app/openapi/routes.ts`);
    assert.deepEqual(Object.keys(described).sort(), [...methods].sort(), `${p}: the methods described differ from the ones its file answers`);
  }
  for (const p of Object.keys(doc.paths)) assert.ok(served.has(p), `${p} is described but no route file serves it`);
});

test("each operation has a summary and responses; a body is the JSON Schema of the zod schema its route checks", async () => {
  const doc = (await GET().json()) as ReturnType<typeof buildOpenApiDocument>;
  assert.equal(doc.openapi, "3.1.0");
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, { summary: string; responses: object }>)) {
      assert.ok(op.summary.length > 5, `${method} ${p} has a summary`);
      assert.ok(Object.keys(op.responses).length > 0, `${method} ${p} has responses`);
    }
  }
  const action = doc.paths["/api/jobs/{id}/actions"].post as unknown as { requestBody: { content: Record<string, { schema: Record<string, any> }> }; parameters: { name: string; in: string }[] };
  assert.deepEqual(action.requestBody.content["application/json"].schema.properties.action.enum, ["pause", "resume", "stop"]);
  assert.deepEqual(action.parameters.map((x) => `${x.in}:${x.name}`), ["path:id"]);
  const job = doc.paths["/api/jobs"].post as unknown as { requestBody: { content: Record<string, { schema: Record<string, any> }> } };
  const props = job.requestBody.content["application/json"].schema.properties;
  assert.ok(props.seeds && props.strategy && props.maxPages, "the job body lists the job form's fields");
  assert.ok(props.strategy.enum.includes("cmscrawler"));
});
