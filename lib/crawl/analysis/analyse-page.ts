/**
 * The CPU stages of a fetched HTML page, with no I/O: decode, parse (links, title, main text),
 * segmentation, the topic score, SimHash, checksum and the search document. They run on the
 * worker's analysis threads (./pool.ts) or, without threads, between I/O on the main thread.
 */
import { createHash } from "node:crypto";
import { decodeBody } from "../../rules/decode";
import { parseHtml, type ParsedPage } from "../../rules/parse";
import { simhash64 } from "../../rules/simhash";
import { pageTerms, scoreTerms, type FieldWeighing, type PageScore, type TopicScorer } from "../../topic/topic";
import { documentFromTerms, segmentForIndex, type SearchDocument } from "../../store/search-vector";

/** A page decoded and parsed. */
export interface ReadPage { charset: string; charsetSource: string; parsed: ParsedPage }

/** What the page's text weighs against the topic, and its fingerprints. */
export interface WeighedPage {
  relevance: number;
  /** The terms that made the score (the page's explanation). */
  terms: PageScore["terms"];
  /** How a class topic's score was weighed against the page's best other field (§1.3c). */
  field?: FieldWeighing;
  /** SimHash of the main text's terms (signed 64-bit). */
  simhash: bigint;
  /** The main text's SHA-256, first 32 hex digits. */
  checksum: string;
  /** Title and main text as the search index segments them. */
  searchDocument: SearchDocument;
}

/** Everything the CPU stages make of a page. */
export type PageAnalysis = ReadPage & WeighedPage;

/** Decode the body by its declared or sniffed charset and parse the HTML. */
export function readPage(body: Buffer, contentType: string | undefined, finalUrl: string): ReadPage {
  const decoded = decodeBody(body, contentType);
  return { charset: decoded.charset, charsetSource: decoded.source, parsed: parseHtml(decoded.text, finalUrl) };
}

/**
 * Segment once and reuse: the search-mode terms of title and main text feed the score, SimHash
 * and the search document. A topic with its own dictionary joins terms the index must not see
 * joined, so the index then segments the text itself.
 */
export function weighPage(scorer: TopicScorer, parsed: ParsedPage): WeighedPage {
  const textTerms = pageTerms(scorer, parsed.mainText);
  const titleTerms = pageTerms(scorer, parsed.title);
  const score: PageScore = parsed.isNoindex ? { relevance: 0, terms: [] } : scoreTerms(scorer, titleTerms, textTerms);
  return {
    relevance: score.relevance,
    terms: score.terms,
    field: score.field,
    simhash: simhash64(textTerms),
    checksum: createHash("sha256").update(parsed.mainText).digest("hex").slice(0, 32),
    searchDocument: scorer.userTerms.size === 0 ? documentFromTerms(titleTerms, textTerms) : segmentForIndex(parsed.title, parsed.mainText),
  };
}

/** Both stages at once (on an analysis thread). */
export function analysePage(scorer: TopicScorer, body: Buffer, contentType: string | undefined, finalUrl: string): PageAnalysis {
  const read = readPage(body, contentType, finalUrl);
  return { ...read, ...weighPage(scorer, read.parsed) };
}
