/**
 * The real text the realistic web is built from, read from the lab's data folder (see
 * its README for the layout and licences) or, for the tests, from the CSL
 * sample bundled in bench/data/csl-dev.tsv. None of it is part of the product.
 */
import fs from "node:fs";
import path from "node:path";
import { readTarGz } from "./tar";

/** A paper: title, abstract, keywords and discipline (学科). */
export interface Paper { title: string; abstract: string; keywords: string[]; discipline: string }
/** A news headline with its THUCNews class name. */
export interface Headline { title: string; cls: string }
/** A paper title with its field (门类). */
export interface PaperTitle { title: string; field: string }
/** A static site snapshot: its original host name, CLC classes and files by path. */
export interface SiteSnapshot { host: string; codes: string[]; files: Map<string, Buffer> }

/** Everything the generator can use; any part may be empty. */
export interface RealCorpus { papers: Paper[]; headlines: Headline[]; titles: PaperTitle[]; sites: SiteSnapshot[] }

/** The three site snapshots: archive name, original host, CLC classes of their articles. */
export const SITE_ARCHIVES = [
  { archive: "wangdoc.tar.gz", host: "wangdoc.com", codes: ["TP3"] },
  { archive: "quantecon-python-zh.tar.gz", host: "python.quantecon-zh-cn.org", codes: ["F", "O2"] },
  { archive: "lixiang117423-blog.tar.gz", host: "lixiang117423.github.io", codes: ["Q", "S5"] },
] as const;

const lines = (file: string) => fs.readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "");

/** Read the full corpus from a data folder holding corpora/ and sites/; throws naming a missing file. */
export function loadCorpus(dataDir: string): RealCorpus {
  const need = (rel: string) => {
    const f = path.join(dataDir, rel);
    if (!fs.existsSync(f)) throw new Error(`${f} is missing: --data must point at the lab's data folder (corpora/ and sites/ inside)`);
    return f;
  };
  const col = (l: string, i: number) => l.split("\t")[i] ?? "";
  const dcp = lines(need("corpora/csl-dev/cls_dcp_dev.tsv"));
  const ts = lines(need("corpora/csl-dev/ts_dev.tsv"));
  const kg = lines(need("corpora/csl-dev/kg_dev.tsv"));
  const papers = dcp.map((l, i) => ({
    abstract: col(l, 1), discipline: col(l, 2).trim(), title: col(ts[i] ?? "", 2).trim(),
    keywords: col(kg[i] ?? "", 2).trim().split("_").filter(Boolean),
  }));
  const classes = lines(need("corpora/thucnews-dev/class.txt")).map((c) => c.trim());
  const headlines = lines(need("corpora/thucnews-dev/dev.txt")).map((l) => ({ title: col(l, 0).trim(), cls: classes[Number(col(l, 1))] ?? "" }));
  const titles = lines(need("corpora/csl-train-titles/cls_ctg_train.tsv")).map((l) => ({ title: col(l, 1).trim(), field: col(l, 2).trim() }));
  const sites = SITE_ARCHIVES.map((s) => {
    const files = new Map<string, Buffer>();
    // Each archive holds one top folder (the site root).
    for (const [p, b] of readTarGz(need(`sites/${s.archive}`))) files.set(p.replace(/^[^/]+\//, ""), b);
    return { host: s.host, codes: [...s.codes], files };
  });
  return { papers, headlines, titles, sites };
}

/** The bundled sample: the CSL papers of bench/data/csl-dev.tsv (title, abstract, discipline), no news and no sites. */
export function loadBundledSample(file: string, limit = Infinity): RealCorpus {
  const papers = lines(file).slice(0, limit).map((l) => {
    const [title, abstract, discipline] = l.split("\t");
    return { title: title.trim(), abstract: abstract.trim(), discipline: discipline.trim(), keywords: [] };
  });
  return { papers, headlines: [], titles: [], sites: [] };
}
