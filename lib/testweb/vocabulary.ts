/** Words of the test web's topical clusters, keyed by CLC first-level class. */

/** A topic of the test web: a CLC class with Chinese and English vocabulary. */
export interface TestTopic { code: string; slug: string; name: string; zh: string[]; en: string[] }

export const TEST_TOPICS: TestTopic[] = [
  { code: "TP", slug: "tech", name: "自动化技术、计算机技术",
    zh: "计算机 软件 网络 数据库 算法 程序 编程 操作系统 服务器 人工智能 机器学习 编译器 数据结构 云计算 存储 处理器 内存 并发 分布式 接口 代码 开发 调试 协议 路由器 搜索引擎 爬虫 网页 索引 缓存".split(" "),
    en: "computer software network database algorithm program compiler server kernel processor memory cache protocol router search crawler index query cluster distributed".split(" ") },
  { code: "F", slug: "econ", name: "经济",
    zh: "经济 市场 金融 银行 投资 股票 贸易 企业 管理 价格 货币 通货膨胀 利率 消费 财政 税收 资本 产业 供应链 电子商务 营销 会计 审计 保险 债券 汇率 出口 进口 增长 就业".split(" "),
    en: "economy market finance bank investment stock trade enterprise price money inflation interest consumer fiscal tax capital industry marketing insurance export".split(" ") },
  { code: "R", slug: "med", name: "医药、卫生",
    zh: "医学 医院 疾病 治疗 药物 患者 临床 诊断 手术 护理 病毒 疫苗 免疫 感染 肿瘤 心脏 血压 糖尿病 健康 营养 中医 针灸 药理 病理 康复 症状 检查 医生 流行病 细胞".split(" "),
    en: "medicine hospital disease treatment drug patient clinical diagnosis surgery nursing virus vaccine immune infection tumor heart health nutrition therapy doctor".split(" ") },
  { code: "S", slug: "agri", name: "农业科学",
    zh: "农业 作物 水稻 小麦 玉米 种植 土壤 肥料 灌溉 农药 畜牧 养殖 品种 育种 产量 病虫害 农民 果树 蔬菜 大豆 棉花 耕地 温室 收获 农机 种子 林业 渔业 饲料 有机".split(" "),
    en: "agriculture crop rice wheat maize planting soil fertilizer irrigation pesticide livestock breeding yield farmer orchard vegetable soybean cotton greenhouse harvest".split(" ") },
  { code: "K", slug: "hist", name: "历史、地理",
    zh: "历史 朝代 皇帝 王朝 战争 考古 文物 古代 地理 山脉 河流 城市 文明 遗址 史料 帝国 革命 民族 疆域 丝绸之路 长城 都城 史书 宋朝 唐朝 明朝 清朝 汉朝 地图 人口".split(" "),
    en: "history dynasty emperor empire war archaeology ancient geography river mountain civilization ruins revolution nation territory capital chronicle museum relic map".split(" ") },
  { code: "J", slug: "art", name: "艺术",
    zh: "艺术 绘画 音乐 书法 雕塑 舞蹈 戏剧 电影 美术 画家 作曲 乐器 展览 摄影 设计 京剧 油画 国画 歌剧 演奏 剧本 导演 舞台 色彩 审美 创作 艺术家 博物馆 版画 民歌".split(" "),
    en: "art painting music calligraphy sculpture dance theatre film gallery painter composer instrument exhibition photography design opera concert stage color aesthetic".split(" ") },
];

/** Topic-free words that make up the rest of every page. */
export const FILLER_ZH = "今天 我们 发现 这个 方面 发展 研究 工作 情况 问题 社会 时间 方法 结果 过程 提出 认为 表示 介绍 说明 已经 进一步 相关 重要 主要 不同 具有 进行 通过 需要 可以 建设 提高 影响 组织 活动 部门 地区 国家 城市 生活 文化 教育 学生 老师 朋友 家庭 信息 服务 中心 计划 项目 报告 会议 新闻 记者 消息 网站 首页 联系".split(" ");
export const FILLER_EN = "today we found this aspect development research work situation method result process proposed believe report meeting news service center plan project people family friend student teacher life culture education information website contact".split(" ");
