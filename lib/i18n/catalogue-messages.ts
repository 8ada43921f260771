/** Interface text of the catalogue knowledge page (admins extend the class knowledge from a library catalogue), in Simplified Chinese and English. */
import type { Locale } from "./messages";

const zh = {
  nav: "分类知识",
  title: "自建分类知识",
  intro: "上传本馆书目（CSV，表头含 clc、title，可选 abstract、subjects；UTF-8 或 GBK 编码）。每个至少有 5 条记录的中图法分类（及其上位类）会从这些记录学到领域词，加入产品自带的分类知识；之后新建的主题会用到它们。删除导入即撤回其词语。",
  uploadTitle: "导入书目",
  file: "书目文件（CSV，最大 50 MB）",
  name: "名称",
  namePlaceholder: "如：本馆 2025 年新书",
  submit: "导入并学习",
  submitting: "正在学习…",
  noFile: "请选择一个 CSV 文件。",
  refused: "文件无法使用（共 {n} 个问题），未导入任何内容：",
  lineLabel: "第 {line} 行",
  learned: "已从 {records} 条记录学到 {classes} 个分类的知识。",
  idfNote: "标 “IDF” 的分类在文件中其他记录不足 20 条，无法与别的分类对比，其词语按全文件的 IDF 加权。",
  classRecords: "{n} 条记录",
  noNewWords: "（没有新词）",
  listTitle: "已导入",
  empty: "还没有导入：主题只用产品自带的分类知识。",
  importedAt: "{time} 导入",
  by: "导入者 {name}",
  recordsClasses: "{records} 条记录 · {classes} 个分类",
  remove: "删除…",
  removeConfirm: "确定删除导入 “{name}”？它学到的词语会从分类知识中移除（已建好的主题不变）。",
  removeYes: "确认删除",
  deleted: "已删除导入，其词语已从分类知识中移除。",
  noSuchImport: "没有这个导入：可能已被删除。",
};

const en: typeof zh = {
  nav: "Catalogue",
  title: "Catalogue knowledge",
  intro: "Upload your library's catalogue (CSV with a header naming clc and title, optionally abstract and subjects; UTF-8 or GBK). Every CLC class with at least 5 records (and the classes above it) learns field words from them, added to the class knowledge FocusCrawl ships; topics built afterwards use them. Deleting an import takes its words back.",
  uploadTitle: "Import a catalogue",
  file: "Catalogue file (CSV, up to 50 MB)",
  name: "Name",
  namePlaceholder: "e.g. New acquisitions 2025",
  submit: "Import and learn",
  submitting: "Learning…",
  noFile: "Choose a CSV file.",
  refused: "The file cannot be used ({n} problems); nothing was imported:",
  lineLabel: "Line {line}",
  learned: "Learned {classes} classes from {records} records.",
  idfNote: "Classes marked “IDF” have fewer than 20 other records in the file to be told apart from, so their words are weighted by IDF over the file.",
  classRecords: "{n} records",
  noNewWords: "(no new words)",
  listTitle: "Imports",
  empty: "No imports yet: topics use only the shipped class knowledge.",
  importedAt: "imported {time}",
  by: "by {name}",
  recordsClasses: "{records} records · {classes} classes",
  remove: "Delete…",
  removeConfirm: "Delete the import “{name}”? The words it taught leave the class knowledge (topics already built stay as they are).",
  removeYes: "Yes, delete",
  deleted: "Import deleted; its words have left the class knowledge.",
  noSuchImport: "No such import: it may have been deleted already.",
};

/** The catalogue page's text in `locale`. */
export function catalogueMessages(locale: Locale): typeof zh {
  return locale === "en" ? en : zh;
}
