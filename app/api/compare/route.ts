import { createComparison, listComparisons } from "@/lib/store/comparisons";
import { getPrisma } from "@/lib/store/infra/prisma";
import { getSql } from "@/lib/store/infra/sql";
import { parseComparisonInput } from "@/lib/jobs/comparison-input";
import { json, readJsonObject } from "@/app/json";
import { loadCatalogueKnowledge } from "@/lib/store/catalogue-imports";

export const dynamic = "force-dynamic";

/** Recent comparisons. */
export async function GET() {
  return json({ comparisons: await listComparisons(getSql()) });
}

/** Start a comparison: a job definition plus `strategies`; 400 with per-field errors, nothing written. */
export async function POST(request: Request) {
  const body = await readJsonObject(request, '{"keywords":"计算机","seeds":["https://example.com/"],"strategies":["bfs","cmscrawler"]}');
  if (!body.ok) return body.response;
  await loadCatalogueKnowledge(getSql());
  const input = parseComparisonInput(body.value);
  if (!input.ok) return json({ error: input.message, fields: input.errors }, { status: 400 });
  const id = await createComparison(getPrisma(), input.value, input.strategies);
  return json({ id }, { status: 201 });
}
