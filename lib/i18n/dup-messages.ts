/**
 * Text of near-duplicate groups (the results page's `dup` and `dupOf` filters, its group view and
 * the page view's group), in both interface languages. `{name}` marks a value filled in.
 */
import type { Locale } from "./messages";
import type { DuplicateMode } from "../results/filters";

const zh = {
  filterLabel: "近似重复页面",
  mode: { group: "合并成组", show: "逐页显示", hide: "隐藏" } satisfies Record<DuplicateMode, string>,
  countGrouped: "近似重复已合并：每组只计原始页面",
  more: { one: "+1 个近似重复", other: "+{n} 个近似重复" },
  original: "原始页面",
  groupOriginal: "原始页面 #{id}",
  duplicate: "近似重复",
  groupTitle: "近似重复组：页面 #{id} 及其近似重复",
  groupHint: "列出原始页面和标为它的近似重复的页面；其余筛选条件照常生效。",
  groupLeave: "返回全部结果",
  pageTitle: "近似重复",
  pageDuplicates: { one: "1 个页面是本页的近似重复。", other: "{n} 个页面是本页的近似重复。" },
  pageListFirst: "列出前 {n} 个",
  pageListAll: "列出全部 {n} 个",
  pageIsDuplicate: "本页是以下页面的近似重复：",
  pageSiblings: { one: "同组另有 1 个近似重复。", other: "同组另有 {n} 个近似重复。" },
  pageNoSiblings: "同组没有其他近似重复。",
  pageViewGroup: "在结果中查看整组",
  /** The filters' descriptions of allowed values (lib/results/filters.ts RESULT_PARAMS) for the error line. */
  allowed: { "a page id": "页面编号（数字）" } as Record<string, string>,
};

const en: typeof zh = {
  filterLabel: "Near-duplicates",
  mode: { group: "Grouped", show: "One row each", hide: "Hidden" },
  countGrouped: "near-duplicates grouped: each group counts its original only",
  more: { one: "+1 near-duplicate", other: "+{n} near-duplicates" },
  original: "original",
  groupOriginal: "Original page #{id}",
  duplicate: "near-duplicate",
  groupTitle: "Near-duplicate group: page #{id} and its near-duplicates",
  groupHint: "The original and the pages marked as its near-duplicates; the other filters still apply.",
  groupLeave: "Back to all results",
  pageTitle: "Near-duplicates",
  pageDuplicates: { one: "1 page is a near-duplicate of this page.", other: "{n} pages are near-duplicates of this page." },
  pageListFirst: "List the first {n}",
  pageListAll: "List all {n}",
  pageIsDuplicate: "This page is a near-duplicate of:",
  pageSiblings: { one: "1 other near-duplicate in its group.", other: "{n} other near-duplicates in its group." },
  pageNoSiblings: "No other near-duplicates in its group.",
  pageViewGroup: "See the whole group in the results",
  allowed: {},
};

/** Near-duplicate groups' text in `locale`. */
export function dupMessages(locale: Locale) {
  return locale === "en" ? en : zh;
}

/**
 * A counted message (`{ one, other }`) for `n` near-duplicates; counts stop past `cap`, and such a
 * count reads "cap+".
 */
export function countText(m: { one: string; other: string }, n: number, cap: number): string {
  return n === 1 ? m.one : m.other.replace("{n}", n > cap ? `${cap}+` : String(n));
}
