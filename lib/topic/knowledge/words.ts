/**
 * The words a field vocabulary is made of: whole words (jieba's accurate mode, never search
 * mode's fragments such as 算机 or 据库), at least two characters, not numbers, not stop words
 * and not the filler every paper or page uses whatever its field.
 */
import { tokenize } from "../tokenize";

/**
 * Academic and web-page filler: words that say how a text is written, not what it is about.
 * They must never become a topic's terms from example texts or learning (they would make every
 * abstract look relevant).
 */
const FILLER = new Set(`本文 文章 基于 提出 利用 显著 研究 结果 表明 方法 分析 采用 进行 通过 发现 探讨 论文 探究 讨论 介绍 阐述
认为 指出 具有 存在 提高 影响 作用 因素 条件 分别 明显 较高 较低 差异 增加 降低 实现 有效 一定 良好 进一步 意义 特点 特征
主要 基本 发展 应用 方面 问题 措施 对策 建议 现状 情况 过程 水平 能力 模式 体系 内容 理论 实践 方法论 工作 相关 此外 首先
其次 最后 总之 因此 然后 从而 并且 可以 能够 需要 以及 包括 根据 一种 一个 新的 不同 各种 相应 相对 对比 比较 结合 针对
点击 登录 注册 首页 上一页 下一页 更多 返回 查看 评论 分享 收藏 版权 所有 联系 我们 链接 网站 页面 栏目 发布 时间 来源 作者
编辑 责任 阅读 浏览 推荐 热门 最新 文中 该文 笔者 作者们 其实 如下 现将 以来 当时 处于 总体 目的 结论 报道 报告
结果表明 研究表明 试验表明 实验表明 为此 就是`.split(/\s+/).filter(Boolean));

/** True when `word` is filler that never makes a topic term. */
export function isFillerWord(word: string): boolean {
  return FILLER.has(word);
}

const NUMBER_LIKE = /^[\d.,%+\-]+$|^\d/;
const CJK = /\p{Script=Han}/u;

/** True when `word` can be a field's word: two characters or more (three for Latin), not a number, not filler. */
export function isVocabularyWord(word: string): boolean {
  if (NUMBER_LIKE.test(word) || isFillerWord(word)) return false;
  return CJK.test(word) ? word.length >= 2 : word.length >= 3;
}

/** The vocabulary words of `text`, in order, repeats kept. */
export function knowledgeWords(text: string): string[] {
  return tokenize(text).filter(isVocabularyWord);
}

/** True when `word` segments as itself, one vocabulary word (a lexicon's entry jieba splits, such as 红柿, is not). */
export function isWholeVocabularyWord(word: string): boolean {
  return knowledgeWords(word).includes(word.toLowerCase());
}
