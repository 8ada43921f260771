/**
 * Parsing a library catalogue file: a CSV whose header names the columns clc and title (required),
 * abstract and subjects. Every problem is collected with its line, and a file with any problem is
 * not used at all, so a person fixes the file once and nothing half-imported is left behind.
 */
import { parse } from "csv-parse/sync";
import { decodeCatalogue } from "./decode";
import { nearestTreeClass, splitClcCell } from "./clc-code";
import { MAX_PROBLEMS_SHOWN, problems, type CatalogueProblem } from "./messages";

/** Largest catalogue file read, in bytes (a large library's export of 200,000 records with abstracts is about 40 MB). */
export const MAX_CATALOGUE_BYTES = 50 * 1024 * 1024;
/** Most records a catalogue file may hold. */
export const MAX_CATALOGUE_RECORDS = 200_000;

/** One catalogue record: its tree classes (each number read as its nearest tree class), title, abstract and subject words. */
export interface CatalogueRecord { line: number; codes: string[]; title: string; abstract: string; subjects: string[] }

/** A parsed file, or the problems that keep it from being used (first MAX_PROBLEMS_SHOWN, and how many in all). */
export type ParsedCatalogue =
  | { ok: true; records: CatalogueRecord[]; encoding: string }
  | { ok: false; problems: CatalogueProblem[]; problemCount: number };

const SUBJECT_SEPARATORS = /[;；，,、]+/;

/** Header names as libraries write them, lower-cased, to the column each means. */
const COLUMN_ALIASES: Record<string, "clc" | "title" | "abstract" | "subjects"> = {
  clc: "clc", 分类号: "clc", 中图分类号: "clc", title: "title", 题名: "title", 标题: "title",
  abstract: "abstract", 摘要: "abstract", subjects: "subjects", subject: "subjects", 主题词: "subjects", 关键词: "subjects",
};

const failed = (list: CatalogueProblem[]): ParsedCatalogue => ({
  ok: false, problemCount: list.length,
  problems: list.length > MAX_PROBLEMS_SHOWN ? [...list.slice(0, MAX_PROBLEMS_SHOWN), problems.moreProblems(list.length - MAX_PROBLEMS_SHOWN)] : list,
});

/** Parse a catalogue file's bytes into records, or say every line that is wrong and how to fix it. */
export function parseCatalogue(buf: Buffer): ParsedCatalogue {
  if (buf.length > MAX_CATALOGUE_BYTES) return failed([problems.tooLarge(MAX_CATALOGUE_BYTES / 1024 / 1024)]);
  const decoded = decodeCatalogue(buf);
  if (!decoded) return failed([problems.encoding()]);
  let rows: { info: { lines: number }; record: string[] }[];
  try {
    rows = parse(decoded.text, { info: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as unknown as typeof rows;
  } catch (err) {
    const e = err as Error & { lines?: number };
    return failed([problems.csv(e.lines ?? 1, e.message.replace(/^Invalid [^:]*: /, ""))]);
  }
  if (rows.length === 0) return failed([problems.empty()]);
  const header = rows[0].record.map((h) => COLUMN_ALIASES[h.toLowerCase().replace(/^\uFEFF/, "")]);
  const missing = (["clc", "title"] as const).filter((c) => !header.includes(c));
  if (missing.length) return failed([problems.missingColumns([...missing])]);
  if (rows.length - 1 > MAX_CATALOGUE_RECORDS) return failed([problems.tooManyRecords(MAX_CATALOGUE_RECORDS)]);
  const found: CatalogueProblem[] = [];
  const records: CatalogueRecord[] = [];
  for (const { info, record } of rows.slice(1)) {
    const cell = (name: string) => record[header.indexOf(name as never)] ?? "";
    // csv-parse counts the line a record ends on; a quoted cell may span lines, and people look for where it starts.
    const line = info.lines - (record.join("").match(/\r\n|\r|\n/g)?.length ?? 0);
    const r = readRecord(line, cell, found);
    if (r) records.push(r);
  }
  return found.length ? failed(found) : { ok: true, records, encoding: decoded.encoding };
}

/** One row as a record, adding its problems to `found`; undefined when it has any. */
function readRecord(line: number, cell: (name: string) => string, found: CatalogueProblem[]): CatalogueRecord | undefined {
  const before = found.length;
  const numbers = splitClcCell(cell("clc"));
  if (numbers.length === 0) found.push(problems.emptyClc(line));
  const codes: string[] = [];
  for (const n of numbers) {
    const code = nearestTreeClass(n);
    if (code) codes.push(code);
    else found.push(problems.unknownClc(line, n));
  }
  const title = cell("title");
  if (!title) found.push(problems.emptyTitle(line));
  if (found.length > before) return undefined;
  const subjects = cell("subjects").split(SUBJECT_SEPARATORS).map((s) => s.trim()).filter(Boolean);
  return { line, codes: [...new Set(codes)], title, abstract: cell("abstract"), subjects };
}
