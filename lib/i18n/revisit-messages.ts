/** Text of revisits and page marks (the results filter, the page view, run history), in both interface languages. */
import type { Locale } from "./messages";
import type { PageMark } from "../results/filters";

const zh = {
  mark: { new: "新增", changed: "有变化", unchanged: "未变化", gone: "已消失" } satisfies Record<PageMark, string>,
  markFilter: "与上次运行相比",
  markAll: "全部",
  since: "自第几次运行以来新增或变化",
  sinceNone: "不限",
  sinceRun: "运行 #{id} 以来",
  sinceHint: "只列出（和导出）运行 #{id} 没有存下、或正文已变化的页面。",
  badSince: "since={since} 不可用：{reason}",
  badSinceNotRun: "这个任务不是工作流的一次运行，“自某次运行以来新增或变化”需要同一工作流更早的一次运行。",
  badSinceNotEarlier: "它不是这个工作流更早的一次运行；可选：{runs}。",
  badSinceFirst: "这是工作流的第一次运行，所有页面都是新增的，请去掉 since。",
  pageMark: "与上次运行相比",
  pageMarkHint: { new: "上次运行没有存下这个网址。", changed: "正文与上次运行存下的不同。", unchanged: "服务器答复 304（未修改）或正文相同：沿用上次的副本，不占页面预算。", gone: "服务器答复 404/410：这是最后一次存下的副本。" } satisfies Record<PageMark, string>,
  visits: "第 {n} 次访问，发现 {changes} 次变化",
  colUnchanged: "未变化",
  revisitOf: "重访：上次运行 #{run} 存下的这个页面",
  revisitOfDeleted: "重访：上次运行存下的副本（那次运行已删除）",
};

const en: typeof zh = {
  mark: { new: "New", changed: "Changed", unchanged: "Unchanged", gone: "Gone" },
  markFilter: "Against the run before",
  markAll: "All",
  since: "New or changed since run",
  sinceNone: "Any",
  sinceRun: "Since run #{id}",
  sinceHint: "Only pages run #{id} did not store, or whose main text changed since, are listed (and exported).",
  badSince: "since={since} cannot be used: {reason}",
  badSinceNotRun: "this job is not a run of a workflow; “new or changed since run N” needs an earlier run of the same workflow.",
  badSinceNotEarlier: "it is not an earlier run of this workflow; pick one of: {runs}.",
  badSinceFirst: "this is the workflow's first run, so every page is new: leave since out.",
  pageMark: "Against the run before",
  pageMarkHint: { new: "The run before did not store this URL.", changed: "Its main text differs from the run before.", unchanged: "The server answered 304 (not modified) or the text is the same: the previous copy is kept, costing no page of the budget.", gone: "The server answered 404/410: this is the last copy stored." },
  visits: "Visit {n}, {changes} change(s) seen",
  colUnchanged: "Unchanged",
  revisitOf: "A revisit of this page as run #{run} stored it",
  revisitOfDeleted: "A revisit of the run before's copy (that run has been deleted since)",
};

/** Revisit and mark messages in `locale`. */
export function revisitMessages(locale: Locale): typeof zh {
  return locale === "en" ? en : zh;
}
