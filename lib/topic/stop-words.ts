/** Chinese and English stop words: function words that carry no topic. */

const ZH = `的 了 和 是 在 也 有 就 不 人 都 一 一个 上 我 你 他 她 它 们 我们 你们 他们 这 那 这个 那个 这些 那些
之 与 及 或 而 且 但 并 等 被 把 对 从 向 以 于 为 为了 由 因 因为 所以 如果 虽然 然而 可以 可能 能 会 要 将 已 已经
其 其中 此 该 各 每 某 本 又 还 再 很 更 最 太 只 都是 没有 没 无 非 如 如何 什么 怎么 为何 哪 哪里 谁 吗 呢 吧 啊 呀
着 过 给 让 使 得 地 来 去 说 到 个 中 内 外 后 前 时 年 月 日 里 下 所 者 之一 通过 进行 以及 其他 一些 这样 那样
并且 或者 以上 以下 之后 之前 关于 根据 按照 对于 由于 随着 同时 不同 相关 方面 问题 情况 方式 主要 重要 一种 一定 目前`;

const EN = `a about above after again against all am an and any are as at be because been before being below between
both but by can could did do does doing down during each few for from further had has have having he her here hers
herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once
only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves
then there these they this those through to too under until up very was we were what when where which while who whom
why will with would you your yours yourself yourselves also may might must shall us via per etc vs www http https com html`;

const STOP_WORDS = new Set([...ZH.split(/\s+/), ...EN.split(/\s+/)].filter(Boolean));

/** True when `term` (lower-cased) is a stop word. */
export function isStopWord(term: string): boolean {
  return STOP_WORDS.has(term);
}

/**
 * Latin tokens of page markup, URLs and site furniture (HTML tag and attribute names, file
 * extensions, link words such as "list", "next", "home"): the words every page's template has
 * whatever it is about. Learning took up `list` from the list pages of one site
 * (bench/RELEVANCE.md); such a token never becomes a learned term.
 */
const MARKUP = `list lists page pages home index next prev previous last first more menu nav navigation login logout signin signup
register search share print email mail rss feed atom html htm xml json php asp aspx jsp cgi url urls href src img div span
class style nbsp amp quot copyright rights reserved powered top back click here read view views comment comments reply tag tags
category categories archive archives post posts posted blog link links site sitemap skip content main footer header sidebar
widget cookie cookies privacy policy contact facebook twitter wechat weibo download pdf doc jpg jpeg png gif svg edit admin user
username password submit loading javascript void width height left right item items title net org edu gov
test example localhost invalid local`; // the last line: reserved top-level domains, read as words from host names in page text (agri-1.test)

const MARKUP_WORDS = new Set(MARKUP.split(/\s+/).filter(Boolean));

/** True when `term` (lower-cased) is a Latin token of markup, URLs or site furniture rather than of a subject. */
export function isMarkupWord(term: string): boolean {
  return MARKUP_WORDS.has(term);
}
