/**
 * Text of "judge these" (the results page's judging of the pages that teach the topic most), in
 * both interface languages. `{name}` marks a value filled in.
 */
import type { Locale } from "./messages";

const zh = {
  open: "评判这些",
  openHint: "每次 {n} 个最能教会主题的页面：离阈值最近、来自不同网站和页面类型。",
  title: "评判这些页面",
  intro: "这些页面的相关度离阈值 {threshold} 最近，过滤器对它们最没有把握；它们来自不同网站和页面类型。你的判定最能教会主题。",
  counts: "已判定：{relevant} 个相关，{irrelevant} 个不相关。",
  learnHint: "相关和不相关各判定至少 3 个后，可在任务页“用已抓取页面扩充主题”中预览并应用：主题学习你的判定，阈值也可按判定来选。",
  learnLink: "到任务页学习",
  keys: "快捷键：1 或 Y 判为相关，2 或 N 判为不相关，0 清除；↑ ↓（或 J / K）上下移动；全部判定后按 Enter 看下一批。",
  over: "高于阈值",
  under: "低于阈值",
  nextBatch: "下一批",
  learnNext: "学习后看下一批",
  learning: "正在学习…",
  learnNextHint: "学习：主题从你的判定学习（同“用已抓取页面扩充主题”的应用），阈值只在交叉验证 F1 提高时才改；已存页面在后台重新评分，下一批按学到的主题选出。可在任务页撤销。",
  learnFailed: { "no-pages": "还没有可学习的页面：先判定一些相关页面。", "no-words": "这些页面没有可学习的词。", changed: "主题刚被别人改过，请再试一次。", other: "没能学习，请到任务页查看。" } as Record<string, string>,
  learned: "主题已从 {pages} 个页面学习（{judged} 个判定为相关）；新增词：{added}。阈值 {threshold}。",
  batchDone: "这一批已判定完。",
  empty: "没有待判定的页面了：每个有正文的页面都已判定。",
  viewer: "你是只读用户，不能判定页面；请管理员给你操作员角色。",
  back: "返回结果",
  relevance: "相关度 {value}",
};

const en: typeof zh = {
  open: "Judge these",
  openHint: "{n} pages at a time that teach the topic most: nearest the threshold, from different sites and kinds of page.",
  title: "Judge these pages",
  intro: "These pages score nearest the threshold {threshold}, where the filter is least sure, and come from different sites and kinds of page: your judgment teaches the topic most.",
  counts: "Judged so far: {relevant} relevant, {irrelevant} not relevant.",
  learnHint: "With at least 3 judged each way, preview and apply “Refine the topic from this job's pages” on the job page: the topic learns your judgments, and the threshold can be chosen from them.",
  learnLink: "Learn on the job page",
  keys: "Keys: 1 or Y relevant, 2 or N not relevant, 0 clears; ↑ ↓ (or J / K) move; Enter shows the next batch once all are judged.",
  over: "over the threshold",
  under: "under the threshold",
  nextBatch: "Next batch",
  learnNext: "Learn, then next batch",
  learning: "Learning…",
  learnNextHint: "Learn: the topic learns from your judgments (as “Refine the topic” applies it on the job page); the threshold changes only when its cross-validated F1 rises. Stored pages are re-scored in the background and the next batch follows the learned topic. Undo on the job page.",
  learnFailed: { "no-pages": "Nothing to learn from yet: judge some pages relevant first.", "no-words": "These pages have no words to learn from.", changed: "Someone changed the topic just now: try again.", other: "Learning failed: see the job page." },
  learned: "The topic learned from {pages} pages ({judged} judged relevant); new terms: {added}. Threshold {threshold}.",
  batchDone: "This batch is judged.",
  empty: "Nothing left to judge: every page with main text has been judged.",
  viewer: "You can read but not judge: ask an admin for the operator role.",
  back: "Back to results",
  relevance: "relevance {value}",
};

/** The texts of "judge these" in `locale`. */
export function judgeMessages(locale: Locale): typeof zh {
  return locale === "zh-CN" ? zh : en;
}

/** The texts of "judge these" (one locale). */
export type JudgeMessages = typeof zh;
