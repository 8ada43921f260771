/**
 * The strategies' descriptions and parameters in Chinese. The registry's own text (English) is
 * what the API and the CLI show; the dashboard shows this in the Chinese interface.
 */
import type { Locale } from "./messages";

const STRATEGIES_ZH: Record<string, string> = {
  bfs: "广度优先：离种子最近的页面先抓",
  tianwang: "天网：路径短、不带查询参数的网址先抓，并穿插随机选择",
  "best-first": "最佳优先：相关度最高的页面上的链接先抓",
  rw: "RW：锚文本、标题、图片说明和网址中主题词最强的链接先抓",
  pagerank: "PageRank：按已抓取链接图的 PageRank，边抓边重算",
  ipagerank: "IPageRank：链接按主题词加权（RW）的 PageRank",
  "partial-pagerank": "部分 PageRank：由已抓取页面传递下来的排名",
  opic: "OPIC（Abiteboul）：持有“现金”最多的网址先抓",
  "opic-nutch": "OPIC（Nutch 0.9 做法）：累计得分，从不清零",
  backlinks: "反向链接：被已抓取页面链接最多的网址先抓",
  "larger-site-first": "大站优先：排队网址最多的站点先抓",
  "tr-pagerank": "主题相关 PageRank：随机跳转只落在相关页面上",
  "tr-hits": "主题相关 HITS：相关页面链接中的权威度",
  cmscrawler: "CMSCrawler：收获率 × 反向链接 ×（MIME、父页面、锚文本、网址主题词）",
};

const PARAMS_ZH: Record<string, string> = {
  byWeight: "N：连续按权重选择的次数",
  random: "M：随后随机选择的次数",
  initialWeight: "最短网址的权重",
  c: "截断值：低于它的权重按 0 计",
  d: "阻尼系数 d",
  recomputeEvery: "每抓取多少页重算一次",
  grain: "fine：不相关页面的链接须高于该页自身的优先级；coarse：直接丢弃",
  harvest: "收获率按站点（平滑）还是按整个任务计算",
  documentTypes: "哪些 MIME 类型算作相关",
  wMime: "rel_mime 的权重",
  wParent: "父页面相关度的权重",
  wAnchor: "锚文本中主题词的权重",
  wUrl: "网址中主题词的权重",
};

/** Each strategy's short English name (the registry's descriptions say what it does, at length). */
const NAMES_EN: Record<string, string> = {
  bfs: "Breadth-first", tianwang: "Tianwang", "best-first": "Best-first", rw: "RW", pagerank: "PageRank", ipagerank: "IPageRank",
  "partial-pagerank": "Partial PageRank", opic: "OPIC", "opic-nutch": "OPIC (Nutch)", backlinks: "Backlinks",
  "larger-site-first": "Larger site first", "tr-pagerank": "Topic-relevant PageRank", "tr-hits": "Topic-relevant HITS", cmscrawler: "CMSCrawler",
};

/**
 * A strategy's readable name beside its id, "最佳优先 (best-first)" / "Best-first (best-first)":
 * the id alone ("tr-hits") says little to a newcomer, and the id is what the API takes.
 */
export function strategyName(id: string, locale: Locale): string {
  const name = (locale === "zh-CN" ? STRATEGIES_ZH[id]?.split("：")[0] : undefined) ?? NAMES_EN[id] ?? id;
  return name.toLowerCase() === id.toLowerCase() ? name : `${name} (${id})`;
}

/** A strategy's description in `locale` (the registry's English otherwise). */
export function strategyDescription(id: string, english: string, locale: Locale): string {
  return locale === "zh-CN" ? STRATEGIES_ZH[id] ?? english : english;
}

/** A strategy parameter's description in `locale`. */
export function strategyParamDescription(name: string, english: string, locale: Locale): string {
  return locale === "zh-CN" ? PARAMS_ZH[name] ?? english : english;
}

/** Where a strategy comes from ("seed 003", "baseline") in `locale`: the source papers are 文献 000–004. */
export function strategySource(source: string, locale: Locale): string {
  return locale === "zh-CN" ? source.replace(/\bbaseline\b/g, "基准").replace(/\bseeds? (?=\d)/g, "文献 ").replace(/\bformula (?=\d)/g, "公式 ") : source;
}

/** The registry's strategy list (describeStrategies) with its descriptions in `locale`. */
export function localizeStrategies<S extends { id: string; description: string; source?: string; params: readonly { name: string; description: string }[] }>(
  list: S[], locale: Locale,
): (S & { name: string })[] {
  return list.map((s) => ({
    ...s,
    name: strategyName(s.id, locale),
    description: strategyDescription(s.id, s.description, locale),
    ...(s.source === undefined ? {} : { source: strategySource(s.source, locale) }),
    params: s.params.map((p) => ({ ...p, description: strategyParamDescription(p.name, p.description, locale) })),
  }));
}
