/** A crawl report as CSV, written as the page exports are (lib/export/csv.ts): BOM, CRLF, formulas neutralised. */
import { stringify } from "csv-stringify/sync";
import { REPORT_COLUMNS, type ReportKind, type ReportRecord } from "../store/crawl-reports";

/** The CSV text of report `kind`'s rows, header first; a missing value is an empty cell. */
export function writeReportCsv(kind: ReportKind, rows: ReportRecord[]): string {
  // Seeds, hosts and MIME types come from crawled servers: a "=cmd|..." host name must stay text in a spreadsheet.
  return stringify(rows, { bom: true, header: true, columns: [...REPORT_COLUMNS[kind]], escape_formulas: true, record_delimiter: "windows" });
}

/** The download's file name, e.g. focuscrawl-job-12-hosts.csv. */
export function reportFileName(jobId: number, kind: ReportKind): string {
  return `focuscrawl-job-${jobId}-${kind}.csv`;
}
