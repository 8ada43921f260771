/** Text of archiving jobs, runs and workflows, in both interface languages. */
import type { Locale } from "./messages";

const zh = {
  archive: "归档",
  unarchive: "取消归档",
  archivedBadge: "已归档",
  showArchived: "显示已归档（{n}）",
  hideArchived: "隐藏已归档",
  archived: "已归档。它不再出现在默认列表里；打开“显示已归档”可以找到并取消归档。",
  unarchived: "已取消归档。",
  archiveActive: "任务仍在运行：请先停止它（并等它停下），再归档。",
  archiveHint: "归档只是隐藏，不删除任何数据；归档的工作流不会按定时运行。",
};

const en: typeof zh = {
  archive: "Archive",
  unarchive: "Unarchive",
  archivedBadge: "archived",
  showArchived: "Show archived ({n})",
  hideArchived: "Hide archived",
  archived: "Archived. It no longer shows in the default lists; “Show archived” finds it and unarchives it.",
  unarchived: "Unarchived.",
  archiveActive: "The job is still running: stop it first (and wait until it has stopped), then archive it.",
  archiveHint: "Archiving hides, it deletes nothing; an archived workflow's schedule starts no run.",
};

/** Archive text in `locale`. */
export function archiveMessages(locale: Locale): typeof zh {
  return locale === "en" ? en : zh;
}
