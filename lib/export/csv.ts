/**
 * CSV export with csv-stringify (a maintained, streaming CSV writer): quoting of commas, quotes
 * and newlines, a UTF-8 byte-order mark so that Excel reads Chinese as UTF-8, and cells starting
 * with = + - @ tab or carriage return prefixed with ' (its escape_formulas) so that a spreadsheet
 * never runs a crawled page's text as a formula.
 */
import { stringify } from "csv-stringify/sync";
import type { ExportRow } from "../store/export-rows";
import { CSV_COLUMNS, toCsvRecord } from "./fields";

/** The CSV text of pages in batches, header (after the BOM) first unless `hasHeader` is false (a resumed file has it). */
export async function* writeCsv(batches: AsyncIterable<ExportRow[]>, opts: { hasHeader?: boolean } = {}): AsyncGenerator<string> {
  if (opts.hasHeader ?? true) yield stringify([], { bom: true, header: true, columns: [...CSV_COLUMNS], record_delimiter: "windows" });
  for await (const rows of batches) {
    yield stringify(rows.map(toCsvRecord), { escape_formulas: true, record_delimiter: "windows" });
  }
}
