/** The fields of an exported page, shared by CSV, JSON Lines and WARC metadata. */
import type { ExportRow } from "../store/export-rows";

/** Terms that made a page's score, most first, as "term share%" text. */
export function describeTopTerms(row: Pick<ExportRow, "explanation">, limit = 10): string {
  return (row.explanation?.terms ?? []).slice(0, limit).map((t) => `${t.term} ${(t.share * 100).toFixed(0)}%`).join("; ");
}

/** The CSV columns, in order. */
export const CSV_COLUMNS = ["url", "final_url", "title", "relevance", "relevant", "judgement", "host", "depth", "fetched_at",
  "content_type", "charset", "top_terms", "mark"] as const;

/** A page's CSV record. */
export function toCsvRecord(r: ExportRow): (string | number)[] {
  return [r.url, r.finalUrl, r.title, r.relevance, r.isRelevant ? "yes" : "no", r.judgement ?? "", r.host, r.depth,
    r.fetchedAt.toISOString(), r.contentType ?? "", r.charset ?? "", describeTopTerms(r), r.mark];
}

/** A page's JSON Lines object: the CSV fields plus main text and explanation. */
export function toJsonRecord(r: ExportRow) {
  return {
    id: r.id, url: r.url, final_url: r.finalUrl, title: r.title, relevance: r.relevance, relevant: r.isRelevant,
    judgement: r.judgement, host: r.host, depth: r.depth, fetched_at: r.fetchedAt.toISOString(), content_type: r.contentType,
    charset: r.charset, http_status: r.httpStatus, page_kind: r.pageKind, topic_revision: r.topicRevision,
    top_terms: describeTopTerms(r), mark: r.mark, main_text: r.mainText, explanation: r.explanation,
  };
}
