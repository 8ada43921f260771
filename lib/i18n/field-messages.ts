/** Text of a page's weighing against its best other field (the page view, docs/ALGORITHMS.md §1.3c). */
import type { Locale } from "./messages";

const zh = {
  title: "与其他领域比较",
  rival: "最接近的其他领域：{rival}（余弦 {cosine}）",
  noRival: "没有其他领域的词出现在本页",
  sum: "主题得分 {before} × {factor} = {after}",
  hint: "本页读起来越像主题、越不像其他领域，系数越大（最大 4）；像其他领域多于像主题时小于 1。",
};
const en: typeof zh = {
  title: "Against other fields",
  rival: "Closest other field: {rival} (cosine {cosine})",
  noRival: "No other field's words occur on this page",
  sum: "topic score {before} × {factor} = {after}",
  hint: "The more the page reads like the topic rather than another field, the larger the factor (at most 4); below 1 when another field fits better.",
};

/** The field weighing's labels in `locale`. */
export function fieldMessages(locale: Locale) {
  return locale === "en" ? en : zh;
}
