/** Text of the export files panel (the results page), in both interface languages. */
import type { Locale } from "./messages";

const zh = {
  title: "导出为文件",
  hint: "在后台把当前视图写成文件：可以关掉页面，回来看进度；下载中断后可以续传。WACZ 是带索引和页面列表的 WARC 压缩包，可在 ReplayWeb.page 等回放工具中打开。",
  start: "导出为文件：{format}",
  listLabel: "本任务的导出文件",
  progressLabel: "导出进度",
  running: "正在导出", done: "已完成", failed: "失败", interrupted: "已中断", cancelled: "已取消",
  stale: "写文件的进程已停止，稍后会自动续传",
  pages: "{done} / {total} 页",
  pagesCounting: "{done} 页（正在统计总数）",
  allPages: "全部页面",
  snapshot: "快照",
  snapshotTitle: "导出开始时任务仍在运行：文件只含那时已保存的页面",
  download: "下载",
  resume: "续传",
  cancel: "取消",
  remove: "删除文件",
  tooMany: "同时最多写 {max} 个导出文件：请等其中一个完成，或取消一个。",
  refused: "无法完成：{error}",
  startedBy: "由 {name} 发起",
  viewerCannotStart: "只读用户不能在服务器上写导出文件；可以用上面的按钮直接下载，或请管理员给你 operator 角色。",
  offline: "连不上控制台，请稍后再试。",
  reason: "原因：{error}",
  fileGone: "未写完的文件（数据目录中的 {file}）已不存在，无法续传：请取消这个导出，再重新导出。",
  fileShort: "未写完的文件（数据目录中的 {file}）比记录的短（在 FocusCrawl 之外被改动过），无法续传：请取消这个导出，再重新导出。",
  otherFailure: "导出出错（{error}）。可以点“续传”再试一次；仍然失败就取消后重新导出。",
};
const en: typeof zh = {
  title: "Export to a file",
  hint: "Writes this view to a file in the background: you can leave the page and come back to the progress, and a broken download resumes. WACZ is the WARC zipped with its index and page list, for replay tools such as ReplayWeb.page.",
  start: "Export to a file: {format}",
  listLabel: "Export files of this job",
  progressLabel: "Export progress",
  running: "Exporting", done: "Done", failed: "Failed", interrupted: "Interrupted", cancelled: "Cancelled",
  stale: "the process writing it stopped; it will be resumed shortly",
  pages: "{done} of {total} pages",
  pagesCounting: "{done} pages (counting the total)",
  allPages: "all pages",
  snapshot: "snapshot",
  snapshotTitle: "The job was still running when the export started: the file holds the pages stored by then",
  download: "Download",
  resume: "Resume",
  cancel: "Cancel",
  remove: "Delete file",
  tooMany: "At most {max} export files are written at once: wait for one to finish, or cancel one.",
  refused: "Could not do it: {error}",
  startedBy: "started by {name}",
  viewerCannotStart: "Viewers cannot write export files on the server: download the view with the buttons above, or ask an admin for the operator role.",
  offline: "Cannot reach the dashboard; try again in a moment.",
  reason: "Reason: {error}",
  fileGone: "Its partial file ({file} in the data directory) is gone, so it cannot be resumed: cancel this export and start a new one.",
  fileShort: "Its partial file ({file} in the data directory) is shorter than recorded (it was changed outside FocusCrawl), so it cannot be resumed: cancel this export and start a new one.",
  otherFailure: "The export failed ({error}). Resume to try again; if it fails again, cancel it and start a new one.",
};

/**
 * Why an export failed, in the interface's language. The API keeps the English reason the export
 * run recorded (lib/export/export-run.ts); the two that rule out resuming are recognised here.
 */
export function describeExportFailure(error: string, m: ExportMessages): { text: string; canResume: boolean } {
  const file = /its partial file \((\S+) in the data directory\)/.exec(error)?.[1] ?? "";
  if (/ is gone: /.test(error)) return { text: m.fileGone.replace("{file}", file), canResume: false };
  if (/ bytes, fewer than the \d+ recorded/.test(error)) return { text: m.fileShort.replace("{file}", file), canResume: false };
  return { text: m.otherFailure.replace("{error}", error), canResume: true };
}

/** The export files panel's labels. */
export type ExportMessages = typeof zh;

/** The export files panel's labels in `locale`. */
export function exportMessages(locale: Locale): ExportMessages {
  return locale === "en" ? en : zh;
}
