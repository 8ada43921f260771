/** Text of the job page's crawl reports, in both interface languages. */
import type { Locale } from "./messages";

const zh = {
  title: "报告",
  hint: "按种子、主机、MIME 类型、状态码和深度统计；各列之和等于上方的计数。表中只列前 {n} 行，CSV 包含全部。",
  download: "下载 CSV",
  total: "合计",
  more: "另有 {n} 行，见 CSV",
  empty: "还没有数据。",
  noSeed: "（不经种子：站点地图、跨站重定向）",
  noStatus: "无响应",
  noMime: "（未声明）",
  titles: { seeds: "种子", hosts: "主机", "mime-types": "MIME 类型", "status-codes": "状态码", depths: "深度" } as Record<string, string>,
  columns: {
    seed: "种子", status: "状态", reason: "原因", urls: "网址", fetched: "已抓取", relevant: "相关", failed: "失败", pending: "等待",
    host: "主机", robots: "robots.txt", bytes: "字节", held_back: "暂缓", mime_type: "类型", depth: "深度",
  } as Record<string, string>,
};
const en: typeof zh = {
  title: "Reports",
  hint: "Counts by seed, host, MIME type, status code and depth; each column adds up to the counters above. The tables list the first {n} rows; the CSV has them all.",
  download: "Download CSV",
  total: "Total",
  more: "{n} more rows in the CSV",
  empty: "No data yet.",
  noSeed: "(no seed: sitemaps, redirects to other hosts)",
  noStatus: "no answer",
  noMime: "(none given)",
  titles: { seeds: "Seeds", hosts: "Hosts", "mime-types": "MIME types", "status-codes": "Status codes", depths: "Depths" },
  columns: {
    seed: "Seed", status: "Status", reason: "Reason", urls: "URLs", fetched: "Fetched", relevant: "Relevant", failed: "Failed", pending: "Waiting",
    host: "Host", robots: "robots.txt", bytes: "Bytes", held_back: "Held back", mime_type: "Type", depth: "Depth",
  },
};

/** The reports panel's text in `locale`. */
export function reportMessages(locale: Locale): typeof zh {
  return locale === "en" ? en : zh;
}
