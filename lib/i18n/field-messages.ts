/** Text of a page's weighing against its best other field (the page view, docs/ALGORITHMS.md §1.3c). */
import type { Locale } from "./messages";

const zh = {
  title: "与其他领域相比",
  rival: "最接近的其他领域：{rival}（余弦 {cosine}）",
  noRival: "没有其他领域的词出现在本页",
  sum: "加权前得分 {before} × 系数 {factor} = 相关度 {after}",
  capped: "（相关度最高为 1）",
  hint: "本页读起来越像主题、越不像其他领域，系数越大（最大 4）；像其他领域多于像主题时小于 1。",
};
const en: typeof zh = {
  title: "Weighed against other fields",
  rival: "Closest other field: {rival} (cosine {cosine})",
  noRival: "No other field's words occur on this page",
  sum: "Score before weighing {before} × factor {factor} = relevance {after}",
  capped: " (relevance is at most 1)",
  hint: "The more the page reads like the topic rather than another field, the larger the factor (at most 4); below 1 when another field fits better.",
};

/** The field weighing's labels in `locale`. */
export function fieldMessages(locale: Locale) {
  return locale === "en" ? en : zh;
}
