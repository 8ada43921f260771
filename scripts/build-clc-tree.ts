/**
 * Derives the CLC tree FocusCrawl ships (lib/topic/clc/clc-tree.json) from the 5th-edition
 * data of coooold/php_clc_parser (MIT; see NOTICE.md). Run again only when the source changes:
 *   npx tsx scripts/build-clc-tree.ts ../shared/data/clc/clc-5th-edition.json
 */
import fs from "node:fs";
import path from "node:path";
import { pinyin } from "pinyin-pro";
import { CLC_FLAGS } from "../lib/topic/clc/tree";

interface SourceNode { code: string; name: string; children: SourceNode[] }

const source = process.argv[2];
if (!source) {
  console.error("usage: tsx scripts/build-clc-tree.ts PATH/TO/clc-5th-edition.json");
  process.exit(2);
}
const roots = JSON.parse(fs.readFileSync(source, "utf8")) as SourceNode[];
const rows: [string, string, number, number, number, string][] = [];

function initials(name: string): string {
  return pinyin(name, { pattern: "first", toneType: "none", type: "array", nonZh: "consecutive" })
    .join("").toLowerCase().replace(/[^a-z0-9]/g, "");
}

function flagsOf(code: string): number {
  let f = 0;
  if (code.startsWith("[")) f |= CLC_FLAGS.alternative;
  if (code.startsWith("{")) f |= CLC_FLAGS.discontinued;
  if (code.includes("/")) f |= CLC_FLAGS.range;
  return f;
}

function walk(nodes: SourceNode[], parent: number, level: number) {
  for (const n of nodes) {
    const code = n.code.trim();
    const name = n.name.replace(/\s+/g, " ").trim();
    const index = rows.length;
    rows.push([code, name, parent, level, flagsOf(code), initials(name)]);
    walk(n.children ?? [], index, level + 1);
  }
}
walk(roots, -1, 1);

const out = path.resolve(import.meta.dirname, "../lib/topic/clc/clc-tree.json");
fs.writeFileSync(out, JSON.stringify({
  source: "coooold/php_clc_parser@6f761a6bbe7636d957176b290779d671eca584cd src/data.json (MIT, (c) 2015 zhangyue)",
  columns: ["code", "name", "parent", "level", "flags", "initials"],
  nodes: rows,
}));
console.log(`${rows.length} nodes written to ${path.relative(process.cwd(), out)} (${(fs.statSync(out).size / 1e6).toFixed(1)} MB)`);
