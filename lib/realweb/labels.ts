/**
 * Ground truth of the realistic web: each data source's own label mapped to CLC classes. A page
 * is relevant to a target class when it is an article (content) page and one of its classes lies
 * under the target (TP3 counts for TP; T does not).
 */

/** The CSL corpus's disciplines mapped to CLC: one table, shared with the class knowledge. */
export { DISCIPLINE_TO_CLC } from "../topic/knowledge/mapping";


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
