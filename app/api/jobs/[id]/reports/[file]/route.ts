import { isReportKind, readCrawlReport, REPORT_KINDS } from "@/lib/store/crawl-reports";
import { reportFileName, writeReportCsv } from "@/lib/export/report-csv";
import { getSql } from "@/lib/store/infra/sql";
import { findJobId } from "@/app/api/lookup";
import { problemResponse } from "@/app/api/failure";

export const dynamic = "force-dynamic";

/** One crawl report of the job as CSV: /api/jobs/{id}/reports/seeds.csv, hosts.csv, mime-types.csv, status-codes.csv or depths.csv. */
export async function GET(_request: Request, ctx: { params: Promise<{ id: string; file: string }> }) {
  const { id, file } = await ctx.params;
  const job = await findJobId(id);
  if ("response" in job) return job.response;
  const kind = file.replace(/\.csv$/, "");
  if (!file.endsWith(".csv") || !isReportKind(kind)) {
    return problemResponse({ status: 404, message: `no report ${file.slice(0, 40)}: the reports are ${REPORT_KINDS.map((k) => `${k}.csv`).join(", ")}` });
  }
  const csv = writeReportCsv(kind, await readCrawlReport(getSql(), job.id, kind));
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${reportFileName(job.id, kind)}"`,
      "cache-control": "no-store",
    },
  });
}
