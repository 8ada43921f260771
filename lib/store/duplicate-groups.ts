/**
 * Near-duplicate groups: an original (a page with `duplicate_of` null) and the pages of its job
 * marked duplicates of it (lib/store/pages.ts). Every lookup goes through the partial index on
 * pages(duplicate_of, id), so it reads the group's own rows only, at any job size.
 */
import type { Sql } from "./infra/sql";

/** Near-duplicates are counted up to this many per original; beyond, the count says "more than". */
export const DUPLICATE_COUNT_CAP = 999;
/** Near-duplicates an original's page view lists; the group view on the results page has them all. */
export const DUPLICATES_LISTED = 20;

/** A page of a group as the page view links to it. */
export interface GroupPage { id: string; title: string; url: string }

/** A page's near-duplicate group as its page view shows it. */
export interface DuplicateGroup {
  /** The group's original: the page itself, or the page it duplicates. */
  originalId: string;
  /** The original, when the page is its duplicate (null when the page is the original). */
  original: GroupPage | null;
  /** For an original, its first DUPLICATES_LISTED near-duplicates in crawl order (empty for a duplicate). */
  duplicates: GroupPage[];
  /** The original's near-duplicates, counted up to DUPLICATE_COUNT_CAP + 1 (then: more than the cap). */
  count: number;
}

/** The near-duplicate group of page `pageId` of job `jobId`; null when the job has no such page. */
export async function findDuplicateGroup(sql: Sql, jobId: number, pageId: string, limit = DUPLICATES_LISTED): Promise<DuplicateGroup | null> {
  const [me] = await sql<{ duplicateOf: string | null; title: string | null; url: string | null }[]>`
    select p.duplicate_of as "duplicateOf", o.title, o.final_url as url
    from pages p left join pages o on o.id = p.duplicate_of and o.job_id = p.job_id
    where p.id = ${pageId} and p.job_id = ${jobId}`;
  if (!me) return null;
  const originalId = me.duplicateOf ?? pageId;
  const [duplicates, [{ n }]] = await Promise.all([
    me.duplicateOf ? [] : sql<GroupPage[]>`
      select id, title, final_url as url from pages
      where duplicate_of = ${originalId} and job_id = ${jobId} order by id limit ${limit}`,
    sql<{ n: number }[]>`
      select count(*)::int as n from (select 1 from pages
        where duplicate_of = ${originalId} and job_id = ${jobId} limit ${DUPLICATE_COUNT_CAP + 1}) x`,
  ]);
  return {
    originalId, duplicates: [...duplicates], count: n,
    original: me.duplicateOf ? { id: me.duplicateOf, title: me.title ?? "", url: me.url ?? "" } : null,
  };
}
