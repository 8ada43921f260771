import { getJob, getJobProgress } from "@/lib/store/jobs";
import { getPrisma } from "@/lib/store/infra/prisma";
import { json, parseId } from "@/app/json";
import { getSql } from "@/lib/store/infra/sql";
import { deleteJobWithFiles } from "@/lib/export/export-files";
import { exportFilesContext } from "@/lib/export/dashboard-exports";
import { failureResponse } from "../../failure";

export const dynamic = "force-dynamic";

/** A job with its live counters. */
export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  const prisma = getPrisma();
  const job = id === null ? null : await getJob(prisma, id);
  if (!job || id === null) return json({ error: "no such job" }, { status: 404 });
  return json({ job, progress: await getJobProgress(prisma, id) });
}

/** Delete an ended job with its pages, events, frontier and export files (409 while it is active: stop it first). */
export async function DELETE(_req: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null) return json({ error: "no such job" }, { status: 404 });
  const r = await deleteJobWithFiles(getSql(), id, exportFilesContext());
  if (!r.ok) return failureResponse(r);
  return json({ deleted: id, exportFiles: r.files });
}
