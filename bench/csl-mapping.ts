/** The CSL corpus's 67 disciplines (学科) mapped to the CLC classes that hold their literature (kept with the realistic web's labels). */
export { DISCIPLINE_TO_CLC } from "../lib/realweb/labels";
