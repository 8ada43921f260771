/** Replay of captured pages, in both interface languages. */
import type { Locale } from "./messages";

const zh = {
  title: "回放",
  titleOf: "回放：{title}",
  open: "回放",
  openHint: "按抓取时的样子打开这个页面，链接指向抓取到的副本",
  back: "← 结果",
  pageView: "页面详情",
  original: "原网址",
  capturedAt: "抓取时间",
  status: "HTTP 状态",
  run: "第 {n} 次运行",
  thisJob: "本任务",
  timeline: "抓取记录（{n} 次）",
  timelineUnchanged: "未变化",
  safety: "脚本不会运行，也不会从线上网站加载任何内容。",
  links: "页面中的链接：{captured} 个指向抓取到的副本，{missing} 个未被抓取（虚线标出，点开会说明）。",
  dropped: "原页面的样式表、图片等资源（{n} 处）未被保存，回放中不显示。",
  notCapturedTitle: "此链接未被抓取",
  notCapturedText: "本任务没有抓取这个网址，所以没有可以回放的副本。回放不会去访问线上网站。",
  notCapturedOther: "这个网址在同一工作流的其他运行中抓取过：",
  noBodyTitle: "这次抓取没有保存原始 HTML",
  noBodyText: "任务的“保存原始 HTML”设置关闭、页面超过大小上限，或这是一次未变化（304）的重访。可以在抓取记录中打开较早的副本。",
  frameTitle: "抓取到的页面",
  snapshotOnly: "这个页面的结构在浏览器中会变样，无法安全回放，下面显示的是只含文字的快照（没有链接）。",
  missingUrl: "请在地址中给出要回放的网址，例如 ?url=https://example.com/",
  badUrl: "“{url}”不是可以回放的 http(s) 网址。",
};
const en: typeof zh = {
  title: "Replay",
  titleOf: "Replay: {title}",
  open: "Replay",
  openHint: "Open this page as it was captured, its links leading to their captured copies",
  back: "← Results",
  pageView: "Page details",
  original: "Original URL",
  capturedAt: "Captured",
  status: "HTTP status",
  run: "run {n}",
  thisJob: "this job",
  timeline: "Captures ({n})",
  timelineUnchanged: "unchanged",
  safety: "Scripts never run and nothing is loaded from the live web.",
  links: "Links on the page: {captured} lead to captured copies; not captured: {missing} (opening one says so, dashed).",
  dropped: "The original page's stylesheets, images and other resources ({n}) were not kept and are not shown.",
  notCapturedTitle: "This link was not captured",
  notCapturedText: "This job did not capture this URL, so there is no copy to replay. Replay never visits the live web.",
  notCapturedOther: "Other runs of the same workflow captured it:",
  noBodyTitle: "No raw HTML was kept for this capture",
  noBodyText: "The job's \"keep raw HTML\" setting was off, the page was over the size cap, or this was an unchanged (304) revisit. Open an earlier copy from the captures.",
  frameTitle: "The captured page",
  snapshotOnly: "This page is built to change shape in a browser and cannot be replayed safely; below is its text-only snapshot (no links).",
  missingUrl: "Give the URL to replay in the address, e.g. ?url=https://example.com/",
  badUrl: "\"{url}\" is not an http(s) URL that can be replayed.",
};

/** The text for `locale`. */
export function replayMessages(locale: Locale): typeof zh {
  return locale === "en" ? en : zh;
}
