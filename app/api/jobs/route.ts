import { isShowingArchived } from "@/lib/store/archive";
import { createJob, listJobs, UnknownTopicError } from "@/lib/store/jobs";
import { getPrisma } from "@/lib/store/infra/prisma";
import { deploymentAddressPolicy } from "@/lib/env";
import { parseJobInput } from "@/lib/jobs/input";
import { json, readJsonObject } from "@/app/json";
import { getSql } from "@/lib/store/infra/sql";
import { loadCatalogueKnowledge } from "@/lib/store/catalogue-imports";

export const dynamic = "force-dynamic";

/** The newest jobs (archived ones with ?archived=1). */
export async function GET(request: Request) {
  const includeArchived = isShowingArchived(new URL(request.url).searchParams.get("archived"));
  return json({ jobs: await listJobs(getPrisma(), 100, { includeArchived }) });
}

/** Create and start a job; 400 with per-field errors when the input is invalid (nothing is written). */
export async function POST(request: Request) {
  const body = await readJsonObject(request, '{"keywords":"计算机","seeds":["https://example.com/"]}');
  if (!body.ok) return body.response;
  await loadCatalogueKnowledge(getSql());
  const input = parseJobInput(body.value, { isRefused: deploymentAddressPolicy() });
  if (!input.ok) return json({ error: input.message, fields: input.errors }, { status: 400 });
  try {
    const job = await createJob(getPrisma(), input.value);
    return json({ job }, { status: 201 });
  } catch (err) {
    if (err instanceof UnknownTopicError) return json({ error: err.message, fields: { topicId: [err.message] } }, { status: 400 });
    throw err;
  }
}
