/** Text of a page's weighing against its best other field and of its field posterior's lift (the page view, docs/ALGORITHMS.md §1.3c–d). */
import type { Locale } from "./messages";

const zh = {
  title: "与其他领域相比",
  rival: "最接近的其他领域：{rival}（余弦 {cosine}）",
  noRival: "没有其他领域的词出现在本页",
  sum: "加权前得分 {before} × 系数 {factor} = 相关度 {after}",
  capped: "（相关度最高为 1）",
  hint: "本页读起来越像主题、越不像其他领域，系数越大（最大 4）；像其他领域多于像主题时小于 1。",
  posterior: "领域分类器：本页属于主题领域的概率 {posterior}，提升 ×{lift}",
  sumLifted: "加权前得分 {before} × 系数 {factor} × 提升 {lift} = 相关度 {after}",
  posteriorHint: "分类器从 67 个学科的论文摘要和 14 类新闻标题中学得；它越确定本页属于主题的领域，得分提升越多（最多 ×{max}），新闻标题这类词少、得分偏低的短页面因此也能过阈值。",
};
const en: typeof zh = {
  title: "Weighed against other fields",
  rival: "Closest other field: {rival} (cosine {cosine})",
  noRival: "No other field's words occur on this page",
  sum: "Score before weighing {before} × factor {factor} = relevance {after}",
  capped: " (relevance is at most 1)",
  hint: "The more the page reads like the topic rather than another field, the larger the factor (at most 4); below 1 when another field fits better.",
  posterior: "Field classifier: probability that the page belongs to the topic's field {posterior}, lift ×{lift}",
  sumLifted: "Score before weighing {before} × factor {factor} × lift {lift} = relevance {after}",
  posteriorHint: "The classifier learned from paper abstracts of 67 disciplines and news headlines of 14 kinds; the surer it is that the page belongs to the topic's field, the more the score is lifted (at most ×{max}), so short pages with few words, such as news headlines, can still pass the threshold.",
};

/** The field weighing's labels in `locale`. */
export function fieldMessages(locale: Locale) {
  return locale === "en" ? en : zh;
}
