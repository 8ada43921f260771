/** JSON Lines export: one object per page. */
import type { ExportRow } from "../store/export-rows";
import { toJsonRecord } from "./fields";

/** The JSON Lines text of pages in batches. */
export async function* writeJsonLines(batches: AsyncIterable<ExportRow[]>): AsyncGenerator<string> {
  for await (const rows of batches) yield rows.map((r) => `${JSON.stringify(toJsonRecord(r))}\n`).join("");
}
