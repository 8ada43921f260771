/** The realistic web's records: a page, a host, the whole web. */
import type { SiteSnapshot } from "./corpora";

/** How a page is built: one of the generated kinds, or a file of a site snapshot. */
export type RealPage =
  | { kind: "home" | "list" | "content"; host: string; path: string; codes: string[]; html: () => string }
  | { kind: "home" | "list" | "content"; host: string; path: string; codes: string[]; file: Buffer; type: string };

/** One live host of the realistic web. */
export interface RealHost { name: string; title: string; charset: "utf-8" | "gbk"; charsetLabel: "header" | "meta" | "none"; site?: SiteSnapshot }

/** A built realistic web. */
export interface RealWeb {
  seed: number; portal: string; hosts: RealHost[];
  /** Page by canonical URL. */
  pages: Map<string, RealPage>;
  /** Host names linked to that do not answer (the server refuses them). */
  deadHosts: string[];
}
