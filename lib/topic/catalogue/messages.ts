/** The catalogue import's problems, each in Chinese and English, saying how to fix the file. */

/** One problem of a catalogue file: the line it is on (0 for the whole file) and what to do, in both languages. */
export interface CatalogueProblem { line: number; zh: string; en: string }

/** Most line problems a result lists (the count says how many there were in all). */
export const MAX_PROBLEMS_SHOWN = 20;

const at = (line: number, zh: string, en: string): CatalogueProblem => ({ line, zh, en });

/** The problems of catalogue files, by kind. */
export const problems = {
  tooLarge: (mb: number) => at(0, `文件太大（超过 ${mb} MB）：请拆成几个文件分别导入。`, `The file is larger than ${mb} MB: split it into several files and import each.`),
  tooManyRecords: (max: number) => at(0, `记录太多（超过 ${max} 条）：请拆成几个文件分别导入。`, `The file has more than ${max} records: split it into several files and import each.`),
  encoding: () => at(0, "无法识别文件编码：请把文件另存为 UTF-8 或 GBK 编码的 CSV。", "The file's encoding cannot be read: save it as a CSV in UTF-8 or GBK."),
  empty: () => at(1, "文件是空的：第一行应是表头，如 clc,title,abstract,subjects。", "The file is empty: its first line should be a header such as clc,title,abstract,subjects."),
  missingColumns: (cols: string[]) => at(1, `表头缺少列 ${cols.join("、")}：第一行应是表头，如 clc,title,abstract,subjects（clc 和 title 必需）。`,
    `The header lacks the column${cols.length > 1 ? "s" : ""} ${cols.join(", ")}: the first line should be a header such as clc,title,abstract,subjects (clc and title are required).`),
  csv: (line: number, reason: string) => at(line, `第 ${line} 行不是有效的 CSV（${reason}）：检查引号是否成对、逗号是否多余。`, `Line ${line} is not valid CSV (${reason}): check that quotes are paired and there are no stray commas.`),
  emptyClc: (line: number) => at(line, `第 ${line} 行的 clc 为空：填写中图法分类号，如 TP311.13。`, `Line ${line} has an empty clc: give a CLC number such as TP311.13.`),
  emptyTitle: (line: number) => at(line, `第 ${line} 行的 title 为空：填写题名。`, `Line ${line} has an empty title: give the record's title.`),
  unknownClc: (line: number, code: string) => at(line, `第 ${line} 行的分类号 “${code}” 不在中图法分类表中：检查拼写（如 TP311.13、F832.5），多个分类号用 ; 或 / 分隔。`,
    `Line ${line}: "${code}" is not a CLC class: check its spelling (such as TP311.13 or F832.5); separate several numbers with ; or /.`),
  noClass: (min: number) => at(0, `没有哪个分类有至少 ${min} 条记录，无法学习：每个要学习的分类至少需要 ${min} 条记录。`,
    `No class has at least ${min} records, so nothing can be learned: give each class to be learned at least ${min} records.`),
  moreProblems: (n: number) => at(0, `另有 ${n} 个问题未列出。`, `${n} more problems not listed.`),
};
