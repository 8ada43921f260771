/**
 * Ground truth of the realistic web: each data source's own label mapped to CLC classes. A page
 * is relevant to a target class when it is an article (content) page and one of its classes lies
 * under the target (TP3 counts for TP; T does not).
 */

/** The CSL corpus's 67 disciplines (学科) mapped to the CLC classes that hold their literature. */
export const DISCIPLINE_TO_CLC: Record<string, string[]> = {
  "中医学/中药学": ["R2"], "食品科学与工程": ["TS2"], "材料科学与工程": ["TB3"], "交通运输工程": ["U"], "园艺学": ["S6"],
  "环境科学与工程": ["X"], "基础医学/临床医学": ["R3", "R4"], "水产": ["S9"], "化学/化学工程与技术": ["O6", "TQ"], "药学": ["R9"],
  "纺织科学与工程": ["TS1"], "法学": ["D9"], "土木工程": ["TU"], "计算机科学与技术": ["TP3"], "新闻传播学": ["G2"],
  "光学工程": ["O43", "TN2"], "信息与通信工程": ["TN"], "艺术学": ["J"], "地质学/地质资源与地质工程": ["P5"], "哲学": ["B"],
  "历史学": ["K"], "石油与天然气工程": ["TE"], "地理学": ["K9", "P9"], "农业工程": ["S2"], "军事学": ["E"], "体育学": ["G8"],
  "应用经济学": ["F"], "力学": ["O3"], "电子科学与技术": ["TN"], "政治学": ["D"], "船舶与海洋工程": ["U6"], "电气工程": ["TM"],
  "生物学/生物科学与工程": ["Q"], "理论经济学": ["F0"], "民族学": ["C95"], "大气科学": ["P4"], "动力工程及工程热物理": ["TK"],
  "冶金工程": ["TF"], "兵器科学与技术": ["TJ"], "公共管理": ["D63", "C93"], "数学": ["O1"], "工商管理": ["F2"],
  "图书馆、情报与档案管理": ["G25", "G35", "G27"], "农林经济管理": ["F3"], "作物学": ["S5"], "机械工程": ["TH"], "矿业工程": ["TD"],
  "教育学": ["G4"], "建筑学": ["TU"], "口腔医学": ["R78"], "农业资源利用": ["S1"], "畜牧学/兽医学": ["S8"], "海洋科学": ["P7"],
  "测绘科学与技术": ["P2"], "林学/林业工程": ["S7"], "公共卫生与预防医学": ["R1"], "物理学": ["O4"], "控制科学与工程": ["TP1", "TP2"],
  "核科学与技术": ["TL"], "社会学": ["C91"], "心理学": ["B84"], "水利工程": ["TV"], "中国语言文学": ["H1", "I2"],
  "航空宇航科学与技术": ["V"], "地球物理学": ["P3"], "植物保护": ["S4"], "天文学": ["P1"],
};

/**
 * THUCNews's ten classes (class.txt order) mapped to CLC: finance and stocks to F8 (财政、金融),
 * realty to F29 (城市与市政经济), education to G4, science-and-technology news to N (its headlines
 * range over every field), society to C91, politics to D, sports to G8, games to G89 (文体活动,
 * where the CLC puts games), entertainment to J.
 */
export const NEWS_CLASS_TO_CLC: Record<string, string[]> = {
  finance: ["F8"], realty: ["F29"], stocks: ["F8"], education: ["G4"], science: ["N"], society: ["C91"],
  politics: ["D"], sports: ["G8"], game: ["G89"], entertainment: ["J"],
};

/** Chinese names of THUCNews's classes, for channel titles. */
export const NEWS_CLASS_NAMES: Record<string, string> = {
  finance: "财经", realty: "房产", stocks: "股票", education: "教育", science: "科技", society: "社会",
  politics: "时政", sports: "体育", game: "游戏", entertainment: "娱乐",
};

/** Whether a page with CLC classes `codes` is about `target` (a class or any class under it). */
export function isUnder(codes: readonly string[], target: string): boolean {
  const t = target.trim().toUpperCase();
  return codes.some((c) => c.toUpperCase().startsWith(t));
}
