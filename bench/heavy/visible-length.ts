/**
 * A page's visible length (parse.ts's anchor-text share) two ways, alternating in one process: the
 * squashed text built and measured, and squashedLength counting as it walks (dom-text.ts).
 *   npx tsx bench/heavy/visible-length.ts DIR   (DIR: the docs/ folder of a heavy site `npm run bench:crawl --
 *   --site heavy` generated: it prints the site's folder, under the system temp directory)
 */
import fs from "node:fs";
import path from "node:path";
import { parseDocument } from "htmlparser2";
import { collectText, squashedLength } from "../../lib/rules/dom-text";
const dir = process.argv[2];
if (!dir) throw new Error("give the docs/ folder of a generated heavy site: npx tsx bench/heavy/visible-length.ts DIR");
const files = (fs.readdirSync(dir, { recursive: true }) as string[]).map(String).filter((f) => f.endsWith(".html")).slice(0, 300);
const docs = files.map((f) => parseDocument(fs.readFileSync(path.join(dir, f), "utf8")));
const squash = (s: string) => s.replace(/\s+/g, " ").trim();
const old = () => { let n = 0; for (const d of docs) n += squash(collectText(d)).length; return n; };
const neu = () => { let n = 0; for (const d of docs) n += squashedLength([d]); return n; };
if (old() !== neu()) throw new Error("differ");
const res = { old: [] as number[], neu: [] as number[] };
for (let r = 0; r < 10; r++) for (const [k, f] of [["old", old], ["neu", neu]] as const) { const t = performance.now(); f(); res[k].push((performance.now() - t) / docs.length); }
const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1].toFixed(3);
console.log(`visible length of a heavy-site page (30 KB): squash(collectText) ${med(res.old)} ms, squashedLength ${med(res.neu)} ms (median of 10 alternating rounds, ${docs.length} pages)`);
