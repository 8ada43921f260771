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
  posteriorByLength: "领域分类器：本页属于主题领域的概率 π = {posterior}；本页有 {words} 个词项，分类器的权重 λ = {weight}，得分乘以 {floor} + λ × π = {lift}",
  sumByLength: "加权前得分 {before} × 系数 {factor} × 分类器乘数 {lift} = 相关度 {after}",
  byLengthHint: "分类器从 67 个学科的论文摘要和 14 类新闻标题中学得。页面词项越少，余弦越不可靠，分类器的判断就越重要：λ 在 10 个词项的标题上约为 {w10}，150 个词项的摘要上约为 {w150}，500 个词项的页面上约为 {w500}。分类器确定本页属于别的领域（π = 0）时，得分乘以 {floor}。词项按打分时的切分计数（含重复和长词的片段）。",
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
  posteriorByLength: "Field classifier: the page is of the topic's field with probability π = {posterior}; with {words} terms, the classifier's weight is λ = {weight}, and the score is multiplied by {floor} + λ × π = {lift}",
  sumByLength: "Score before weighing {before} × factor {factor} × classifier multiplier {lift} = relevance {after}",
  byLengthHint: "The classifier learned from paper abstracts of 67 disciplines and news headlines of 14 kinds. The fewer terms a page has, the less its cosine can be trusted and the more the classifier counts: λ is about {w10} on a 10-term headline, {w150} on a 150-term abstract and {w500} on a 500-term page. A page the classifier places surely in another field (π = 0) keeps {floor} of its score. Terms are counted as the scorer segments the page, repeats and the pieces of long words included.",
};

/** The field weighing's labels in `locale`. */
export function fieldMessages(locale: Locale) {
  return locale === "en" ? en : zh;
}
