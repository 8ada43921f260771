/**
 * What a results view shows: filters, search text, sort and the keyset cursor, read from URL
 * query parameters (the results page, the pages API and export all take the same ones), so that
 * any view can be bookmarked and shared. Unknown parameters and bad values are refused with the
 * values that are allowed.
 */

/** Which pages by the filter's decision and by people's judgement. */
export const RESULT_VIEWS = ["relevant", "not-relevant", "judged-relevant", "judged-irrelevant", "unjudged"] as const;
/** A view of the pages by relevance and judgement. */
export type ResultView = (typeof RESULT_VIEWS)[number];
/** Orders of the results; `rank` (search relevance) needs a search. */
export const RESULT_SORTS = ["relevance", "fetched", "depth", "host", "rank", "nearest"] as const;
/** An order of the results. */
export type ResultSort = (typeof RESULT_SORTS)[number];
/**
 * How near-duplicates (pages with `duplicate_of` set) show: every page (`show`), no duplicates
 * (`hide`), or one row per group, each original with its near-duplicates counted (`group`).
 */
export const DUPLICATE_MODES = ["group", "show", "hide"] as const;
/** A way of showing near-duplicates. */
export type DuplicateMode = (typeof DUPLICATE_MODES)[number];
/**
 * The results page's mode when its address names none. Grouped: a mirror or a page reachable
 * under several URLs takes one row with "+N" instead of N rows saying the same, so a screen holds
 * more distinct pages to read and judge, and nothing is hidden without a mark. The pages API and
 * export keep showing every page by default, so clients written before groups get what they got.
 */
export const RESULTS_PAGE_DUP: DuplicateMode = "group";
/** Page kinds the crawler assigns (lib/rules/parse.ts classifyPageKind). */
export const PAGE_KINDS = ["content", "hub", "home"] as const;
/** What a workflow run found at a page against the run before (lib/store/revisits.ts). */
export const PAGE_MARKS = ["new", "changed", "unchanged", "gone"] as const;
/** A page's mark. */
export type PageMark = (typeof PAGE_MARKS)[number];
/** Query parameters of a results view and what each takes. */
export const RESULT_PARAMS: Record<string, string> = {
  view: RESULT_VIEWS.join("|"), min: "0..1", max: "0..1", host: "a host name", kind: PAGE_KINDS.join("|"),
  depth: "0..1000", status: "100..599", mime: "a MIME type such as text/html", from: "a date YYYY-MM-DD", to: "a date YYYY-MM-DD",
  rev: "a topic revision 1..1000000", dup: DUPLICATE_MODES.join("|"),
  dupOf: "a page id", mark: PAGE_MARKS.join("|"), since: "an earlier run (job id) of the same workflow: pages new or changed since then",
  q: "search text (up to 200 characters)",
  sort: RESULT_SORTS.join("|"), after: "a cursor from the previous screen's next link",
};

/** A parsed results view. */
export interface ResultFilters {
  view?: ResultView; minRelevance?: number; maxRelevance?: number; host?: string; kind?: (typeof PAGE_KINDS)[number];
  depth?: number; status?: number; mime?: string;
  /** Fetched on or after `from` and on or before `to` (whole UTC days, YYYY-MM-DD). */
  fetchedFrom?: string; fetchedTo?: string; topicRevision?: number; q?: string; sort: ResultSort;
  /** Near-duplicates shown, hidden or grouped; unset, the pages API and export show them and the results page groups them. */
  dup?: DuplicateMode;
  /** A near-duplicate group: page `dupOf` and the pages marked duplicates of it (whatever `dup` says). */
  dupOf?: string;
  /** Pages with this mark. */
  mark?: PageMark;
  /** Pages new or changed since run (job) `since` of the same workflow: a URL it did not store, or other main text. */
  since?: number;
  /** Where the previous screen ended: its last row's sort key (as text) and id. */
  after?: { key: string; id: string };
}

/** A bad parameter: which one, what it got and what it takes. */
export interface FilterProblem { param: string; value: string; allowed: string; message: string }

/** A results view or the problem with its parameters. */
export type ParsedFilters = { ok: true; value: ResultFilters } | { ok: false; problem: FilterProblem };

const bad = (param: string, value: string, allowed = RESULT_PARAMS[param]): ParsedFilters => ({
  ok: false,
  problem: { param, value, allowed, message: `${param}=${value} is not allowed; ${param} takes ${allowed}` },
});

function pick<T extends string>(list: readonly T[], v: string): T | undefined {
  return (list as readonly string[]).includes(v) ? (v as T) : undefined;
}

/** A number in [min, max] from a parameter, or undefined when it is not one. */
function numberIn(v: string, min: number, max: number, isInteger: boolean): number | undefined {
  if (!/^-?\d+(\.\d+)?$/.test(v.trim())) return undefined;
  const n = Number(v);
  return n >= min && n <= max && (!isInteger || Number.isInteger(n)) ? n : undefined;
}

/** A real calendar day written YYYY-MM-DD. */
function isDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const day = new Date(`${v}T00:00:00Z`);
  // Month 13 or day 45 make an invalid Date, whose toISOString() throws.
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v);
}

/** Encode a cursor for the `after` parameter. */
export function encodeCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id])).toString("base64url");
}

function decodeCursor(v: string): { key: string; id: string } | undefined {
  try {
    const [key, id] = JSON.parse(Buffer.from(v, "base64url").toString("utf8")) as unknown[];
    return typeof key === "string" && typeof id === "string" && /^\d{1,18}$/.test(id) ? { key, id } : undefined;
  } catch {
    return undefined;
  }
}

/** Read a results view from query parameters; `extra` names further parameters the caller reads itself. */
export function parseResultFilters(params: URLSearchParams, extra: readonly string[] = []): ParsedFilters {
  const f: ResultFilters = { sort: "relevance" };
  let sort: string | undefined;
  for (const [name, raw] of params) {
    const v = raw.trim();
    if (extra.includes(name) || v === "") continue;
    switch (name) {
      case "view": if (!(f.view = pick(RESULT_VIEWS, v))) return bad(name, v); break;
      case "min": if ((f.minRelevance = numberIn(v, 0, 1, false)) === undefined) return bad(name, v); break;
      case "max": if ((f.maxRelevance = numberIn(v, 0, 1, false)) === undefined) return bad(name, v); break;
      case "host": if (!/^[a-z0-9.:\-\[\]_]{1,255}$/i.test(v)) return bad(name, v); f.host = v.toLowerCase(); break;
      case "kind": if (!(f.kind = pick(PAGE_KINDS, v))) return bad(name, v); break;
      case "depth": if ((f.depth = numberIn(v, 0, 1000, true)) === undefined) return bad(name, v); break;
      case "status": if ((f.status = numberIn(v, 100, 599, true)) === undefined) return bad(name, v); break;
      case "mime": if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i.test(v)) return bad(name, v); f.mime = v.toLowerCase(); break;
      case "from": if (!isDay(v)) return bad(name, v); f.fetchedFrom = v; break;
      case "to": if (!isDay(v)) return bad(name, v); f.fetchedTo = v; break;
      case "rev": if ((f.topicRevision = numberIn(v, 1, 1_000_000, true)) === undefined) return bad(name, v); break;
      case "dup": if (!(f.dup = pick(DUPLICATE_MODES, v))) return bad(name, v); break;
      case "mark": if (!(f.mark = pick(PAGE_MARKS, v))) return bad(name, v); break;
      case "since": if ((f.since = numberIn(v, 1, 2_147_483_647, true)) === undefined) return bad(name, v.slice(0, 40)); break;
      case "dupOf": if (!/^\d{1,18}$/.test(v)) return bad(name, v.slice(0, 40)); f.dupOf = v.replace(/^0+(?=\d)/, ""); break;
      case "q": if (v.length > 200) return bad(name, `${v.slice(0, 20)}…`); f.q = v; break;
      case "sort": if (!pick(RESULT_SORTS, v)) return bad(name, v); sort = v; break;
      case "after": if (!(f.after = decodeCursor(v))) return bad(name, v.slice(0, 40)); break;
      default: {
        const allowed = [...Object.keys(RESULT_PARAMS), ...extra].join(", ");
        return { ok: false, problem: { param: name, value: v, allowed, message: `unknown parameter "${name}"; allowed parameters: ${allowed}` } };
      }
    }
  }
  if (f.minRelevance !== undefined && f.maxRelevance !== undefined && f.minRelevance > f.maxRelevance) {
    return bad("min", String(f.minRelevance), `at most max (${f.maxRelevance})`);
  }
  // A group view lists the whole group: hiding or grouping its duplicates would leave its original alone.
  if (f.dupOf) delete f.dup;
  // A search is ordered by how well pages match unless another order is asked for; without a
  // search there is no match rank, and relevance (the topic score) takes its place.
  f.sort = (sort as ResultSort | undefined) ?? (f.q ? "rank" : "relevance");
  if (f.sort === "rank" && !f.q) f.sort = "relevance";
  return { ok: true, value: f };
}

/** Query parameters of a view (without the cursor unless given), for links that keep the other filters. */
export function toSearchParams(f: ResultFilters, change: Partial<ResultFilters> = {}): URLSearchParams {
  const v = { ...f, ...change };
  const out = new URLSearchParams();
  if (v.view) out.set("view", v.view);
  if (v.minRelevance !== undefined) out.set("min", String(v.minRelevance));
  if (v.maxRelevance !== undefined) out.set("max", String(v.maxRelevance));
  if (v.host) out.set("host", v.host);
  if (v.kind) out.set("kind", v.kind);
  if (v.depth !== undefined) out.set("depth", String(v.depth));
  if (v.status !== undefined) out.set("status", String(v.status));
  if (v.mime) out.set("mime", v.mime);
  if (v.fetchedFrom) out.set("from", v.fetchedFrom);
  if (v.fetchedTo) out.set("to", v.fetchedTo);
  if (v.topicRevision !== undefined) out.set("rev", String(v.topicRevision));
  if (v.mark) out.set("mark", v.mark);
  if (v.since !== undefined) out.set("since", String(v.since));
  if (v.dupOf) out.set("dupOf", v.dupOf);
  else if (v.dup) out.set("dup", v.dup);
  if (v.q) out.set("q", v.q);
  if (v.sort !== (v.q ? "rank" : "relevance")) out.set("sort", v.sort);
  if (v.after) out.set("after", encodeCursor(v.after.key, v.after.id));
  return out;
}
