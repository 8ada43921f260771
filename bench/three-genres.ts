/**
 * The three held-out genres the relevance benches judge a score on together, each as one case per
 * class: CSL dev abstracts (the classes with ≥ 8 positives), THUCNews dev headlines (its 8 classes)
 * and the realistic web's pages (TP, R, F, S, G, K). None of these texts is learned from
 * (lib/topic/knowledge/sources.ts removes them from every source).
 */
import { labelRealWeb } from "../lib/realweb/build";
import { codes, docs, labelsFor } from "./csl";
import { realWebPages } from "./realweb-pages";
import { loadThucNewsDev } from "./thucnews";

/** A page as the benches score it. */
export type GenreText = { title: string; text: string };
/** One class's texts and which of them are relevant to it. */
export type GenreCase = { code: string; texts: GenreText[]; truth: boolean[] };

/** The genres in order, each read when asked for (the realistic web takes a while to build). */
export function threeGenres(dataDir: string): { name: string; cases: () => GenreCase[] }[] {
  return [
    { name: "CSL dev abstracts", cases: () => {
      const abstracts = docs.map((d) => ({ title: d.title, text: d.abstract }));
      return codes.map((code) => ({ code, ...labelsFor(code) })).filter((c) => c.labels.filter(Boolean).length >= 8)
        .map((c) => ({ code: c.code, texts: c.indexes.map((i) => abstracts[i]), truth: c.labels }));
    } },
    { name: "THUCNews dev headlines", cases: () => {
      const { news, targets } = loadThucNewsDev(dataDir);
      const headlines = news.map((n) => ({ title: n.title, text: "" }));
      return targets.map((code) => ({ code, texts: headlines, truth: news.map((n) => n.codes.some((c) => c.startsWith(code))) }));
    } },
    { name: "realistic web", cases: () => {
      const { web, pages } = realWebPages(dataDir);
      return ["TP", "R", "F", "S", "G", "K"].map((code) => {
        const labels = labelRealWeb(web, code);
        return { code, texts: pages, truth: pages.map((x) => labels.pages[x.url]?.relevant ?? false) };
      });
    } },
  ];
}
