/** A catalogue file from bytes to learned class knowledge, or the problems that keep it from being used. */
import { learnCatalogue, MIN_CLASS_RECORDS, type LearnedCatalogue } from "./learn";
import { problems, type CatalogueProblem } from "./messages";
import { parseCatalogue } from "./parse";

/** The knowledge learned from a catalogue file with its record count and encoding, or every problem found. */
export type CatalogueResult =
  | ({ ok: true; records: number; encoding: string } & LearnedCatalogue)
  | { ok: false; problems: CatalogueProblem[]; problemCount: number };

/** Parse a catalogue file and learn from it; a file with no class of MIN_CLASS_RECORDS records is refused. */
export function learnFromCatalogueFile(buf: Buffer): CatalogueResult {
  const parsed = parseCatalogue(buf);
  if (!parsed.ok) return parsed;
  const learned = learnCatalogue(parsed.records);
  if (learned.classes.length === 0) return { ok: false, problems: [problems.noClass(MIN_CLASS_RECORDS)], problemCount: 1 };
  return { ok: true, records: parsed.records.length, encoding: parsed.encoding, ...learned };
}
