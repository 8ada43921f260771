/**
 * The job page's crawl reports: a compact table per report (its first rows and the total of
 * every row, which equals the job's counters) with a link to the whole report as CSV.
 */
import { readCrawlReport, REPORT_COLUMNS, REPORT_KINDS, type ReportKind, type ReportRecord } from "@/lib/store/crawl-reports";
import { getSql } from "@/lib/store/infra/sql";
import { fill, lookup, type MonitorMessages } from "@/lib/i18n/monitor-messages";
import { reportMessages } from "@/lib/i18n/report-messages";
import { describeFailureReason } from "@/lib/i18n/failure-reasons";
import type { Locale } from "@/lib/i18n/messages";
import { formatBytes } from "../../components/format-bytes";

/** Rows each table shows; the CSV has every row. */
const ROWS_SHOWN = 8;
/** Columns summed in the total row (the others name the row). */
const SUMMED = new Set(["urls", "fetched", "relevant", "failed", "pending", "bytes", "held_back"]);
/** Columns the seeds table folds into another (the reason is shown with the status). */
const FOLDED = new Set(["reason"]);
/** Reports wide enough to take the panel's whole width. */
const WIDE = new Set<ReportKind>(["seeds", "hosts"]);

/** Every report of the job, each a table with its total and its CSV link. */
export async function ReportsPanel({ jobId, m, locale }: { jobId: number; m: MonitorMessages; locale: Locale }) {
  const sql = getSql();
  const reports = await Promise.all(REPORT_KINDS.map(async (kind) => ({ kind, rows: await readCrawlReport(sql, jobId, kind) })));
  const r = reportMessages(locale);
  return (
    <details open data-testid="reports-panel" className="text-sm">
      <summary className="cursor-pointer text-lg font-semibold">{r.title}</summary>
      <p className="mt-1 text-xs text-slate-600">{fill(r.hint, { n: ROWS_SHOWN })}</p>
      <div className="mt-2 grid grid-cols-1 gap-3 lg:grid-cols-2">
        {reports.map(({ kind, rows }) => (
          <ReportTable key={kind} jobId={jobId} kind={kind} rows={rows} m={m} locale={locale} />
        ))}
      </div>
    </details>
  );
}

function ReportTable({ jobId, kind, rows, m, locale }: { jobId: number; kind: ReportKind; rows: ReportRecord[]; m: MonitorMessages; locale: Locale }) {
  const r = reportMessages(locale);
  const columns = REPORT_COLUMNS[kind].filter((c) => !FOLDED.has(c));
  const number = new Intl.NumberFormat(locale);
  const total = (c: string) => rows.reduce((n, row) => n + Number(row[c] ?? 0), 0);
  return (
    <section data-testid={`report-${kind}`} className={`min-w-0 rounded border border-slate-200 bg-white ${WIDE.has(kind) ? "lg:col-span-2" : ""}`}>
      <div className="flex items-baseline justify-between gap-2 border-b border-slate-100 px-2 py-1">
        <h3 className="font-semibold">{r.titles[kind]}</h3>
        <a data-testid={`report-${kind}-csv`} href={`/api/jobs/${jobId}/reports/${kind}.csv`} download
          className="text-xs text-teal-700 hover:underline">{r.download}</a>
      </div>
      <div className="overflow-x-auto">
        <table className={`w-full text-xs ${WIDE.has(kind) ? "min-w-[32rem] table-fixed" : ""}`}>
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>{columns.map((c, i) => (
              <th key={c} className={`whitespace-nowrap px-2 py-1 font-medium ${i === 0 && WIDE.has(kind) ? "w-1/3" : ""} ${SUMMED.has(c) ? "text-right" : ""}`}>{r.columns[c]}</th>
            ))}</tr>
          </thead>
          <tbody>
            {rows.length === 0 && <tr><td colSpan={columns.length} className="px-2 py-1 text-slate-500">{r.empty}</td></tr>}
            {rows.slice(0, ROWS_SHOWN).map((row, i) => (
              <tr key={i} className="border-t border-slate-100 align-top">
                {columns.map((c) => (
                  <td key={c} className={`px-2 py-1 ${SUMMED.has(c) ? "whitespace-nowrap text-right tabular-nums" : kind === "seeds" && c === "status" ? "break-words" : "truncate"}`} title={typeof row[c] === "string" ? String(row[c]) : undefined}>
                    {cellText(kind, c, row, { r, m, locale, number })}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {rows.length > 0 && (
            <tfoot className="border-t border-slate-200 font-medium">
              <tr>{columns.map((c, i) => (
                <td key={c} data-testid={SUMMED.has(c) ? `report-${kind}-total-${c}` : undefined}
                  className={`whitespace-nowrap px-2 py-1 ${SUMMED.has(c) ? "text-right tabular-nums" : ""}`}>
                  {i === 0 ? r.total : !SUMMED.has(c) ? "" : c === "bytes" ? formatBytes(total(c), locale) : number.format(total(c))}
                </td>
              ))}</tr>
            </tfoot>
          )}
        </table>
      </div>
      {rows.length > ROWS_SHOWN && <p className="px-2 py-1 text-xs text-slate-500">{fill(r.more, { n: rows.length - ROWS_SHOWN })}</p>}
    </section>
  );
}

/** One cell as read: states, robots.txt states and reasons in words, bytes in units, a missing key named. */
function cellText(kind: ReportKind, c: string, row: ReportRecord,
  f: { r: ReturnType<typeof reportMessages>; m: MonitorMessages; locale: Locale; number: Intl.NumberFormat }): string {
  const v = row[c];
  if (c === "bytes") return formatBytes(Number(v ?? 0), f.locale);
  if (SUMMED.has(c)) return f.number.format(Number(v ?? 0));
  if (c === "seed") return v === null ? f.r.noSeed : String(v);
  if (c === "robots") return lookup(f.m, `robots_${v}`, String(v));
  if (c === "mime_type") return v === null ? f.r.noMime : String(v);
  if (kind === "status-codes" && c === "status") return v === null ? f.r.noStatus : String(v);
  if (kind === "seeds" && c === "status") {
    if (v === null) return "";
    const reason = row.reason ? `: ${describeFailureReason(String(row.reason), f.locale)}` : "";
    return `${lookup(f.m, `seedState_${v}`, String(v))}${reason}`;
  }
  return String(v ?? "");
}
