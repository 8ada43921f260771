/**
 * THUCNews dev headlines (the lab's data folder, corpora/thucnews-dev; never learned from) with
 * their CLC classes, and the classes a headline bench measures: every mapped class but N, whose
 * science-and-technology headlines range over every field.
 */
import fs from "node:fs";
import path from "node:path";
import { NEWS_CLASS_TO_CLC } from "../lib/realweb/labels";

/** The headlines, each with its classes' CLC codes, and the classes to measure. */
export function loadThucNewsDev(dataDir: string): { news: { title: string; codes: string[] }[]; targets: string[] } {
  const dir = path.join(dataDir, "corpora", "thucnews-dev");
  const names = fs.readFileSync(path.join(dir, "class.txt"), "utf8").split("\n").map((s) => s.trim()).filter(Boolean);
  const news = fs.readFileSync(path.join(dir, "dev.txt"), "utf8").split("\n").filter(Boolean).map((l) => {
    const [title, cls] = l.split("\t");
    return { title, codes: NEWS_CLASS_TO_CLC[names[Number(cls)]] ?? [] };
  });
  return { news, targets: [...new Set(Object.values(NEWS_CLASS_TO_CLC).flat())].filter((c) => c !== "N") };
}
