/** `focuscrawl classes learn`: extend the class knowledge from a library catalogue file. */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadEnv } from "../env";
import { createCatalogueImport } from "../store/catalogue-imports";
import { openDatabase } from "../store/infra/connect";
import { openSql } from "../store/infra/sql";
import { learnFromCatalogueFile } from "../topic/catalogue/catalogue";
import { MAX_CATALOGUE_BYTES } from "../topic/catalogue/parse";
import { UsageError } from "./args";

/** Help text of the classes command. */
export const CLASSES_USAGE = `focuscrawl classes learn --from records.csv [--name NAME]
  learns class knowledge from a library catalogue (CSV with a header: clc,title[,abstract][,subjects];
  UTF-8 or GBK) and stores it; topics built afterwards use it. Exit code 2 with every bad line on a bad file.`;

/** Run `focuscrawl classes …`. */
export async function runClasses(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== "learn") throw new UsageError(`unknown subcommand "${sub ?? ""}": ${CLASSES_USAGE}`);
  const { values } = parseArgs({ args: rest, options: { from: { type: "string" }, name: { type: "string" } }, strict: true });
  if (!values.from) throw new UsageError("give the catalogue file: focuscrawl classes learn --from records.csv");
  const size = fs.statSync(values.from, { throwIfNoEntry: false })?.size;
  if (size === undefined) throw new UsageError(`no file ${values.from}: check the path`);
  // Read no more than the cap plus one byte: enough to tell a file too large without loading it all.
  const buf = size > MAX_CATALOGUE_BYTES ? Buffer.alloc(MAX_CATALOGUE_BYTES + 1) : fs.readFileSync(values.from);
  const result = learnFromCatalogueFile(buf);
  if (!result.ok) {
    console.error(`focuscrawl classes learn: ${values.from} cannot be used (${result.problemCount} problem${result.problemCount > 1 ? "s" : ""}); nothing was imported`);
    for (const p of result.problems) console.error(`  ${p.en}`);
    return 2;
  }
  const db = await openDatabase(loadEnv(), (l) => console.error(l));
  const sql = openSql(db.url, { max: 2, app: "focuscrawl-classes" });
  try {
    const name = values.name ?? path.basename(values.from);
    const id = await createCatalogueImport(sql, { name, createdBy: null, records: result.records, overlay: result.overlay, summary: result.classes });
    console.log(`import ${id} "${name}": ${result.records} records (${result.encoding}), ${result.classes.length} classes learned`);
    for (const c of result.classes) console.log(`${c.code}\t${c.records} records\t${c.isIdfWeighted ? "idf\t" : ""}${c.newWords.join(" ") || "(no new words)"}`);
    if (result.classes.some((c) => c.isIdfWeighted)) console.log("idf: fewer than 20 records outside the class, so its words were weighted by IDF over the file, not contrasted with other classes");
    return 0;
  } finally {
    await sql.end({ timeout: 5 });
    await db.stop();
  }
}
