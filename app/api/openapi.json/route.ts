import { buildOpenApiDocument } from "@/app/openapi/document";
import { json } from "@/app/json";
import pkg from "@/package.json";

/** The API's OpenAPI 3.1 description, built from the same zod schemas the routes check their bodies with. */
export function GET() {
  return json(buildOpenApiDocument(pkg.version));
}
