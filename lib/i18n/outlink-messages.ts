/** Text of a stored page's outlinks list (the page view), in both interface languages. */
import type { Locale } from "./messages";

const zh = {
  title: "本页链接",
  shown: "显示前 {n} 条，共 {total} 条",
  notQueued: "未入队（在发现处被拒绝）",
  pending: "排队中", leased: "抓取中", done: "已抓取", failed: "失败", skipped: "已跳过",
  relevant: "相关", irrelevant: "不相关",
};
const en: typeof zh = {
  title: "Links on this page",
  shown: "first {n} of {total}",
  notQueued: "not queued (refused where found)",
  pending: "queued", leased: "being fetched", done: "fetched", failed: "failed", skipped: "skipped",
  relevant: "relevant", irrelevant: "not relevant",
};

/** The outlinks list's labels in `locale`. */
export function outlinkMessages(locale: Locale) {
  return locale === "en" ? en : zh;
}
