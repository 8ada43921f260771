/** Reading stored pages for the dashboard and API (Prisma). */
import type { PrismaClient } from "../generated/prisma/client";

export const PAGES_PER_SCREEN = 50;

/** One screen of a job's pages, newest first. */
export async function listPages(prisma: PrismaClient, jobId: number, screen = 1, perScreen = PAGES_PER_SCREEN) {
  const [rows, total] = await Promise.all([
    prisma.page.findMany({
      where: { jobId },
      orderBy: { id: "desc" },
      skip: (screen - 1) * perScreen,
      take: perScreen,
      select: { id: true, url: true, finalUrl: true, title: true, relevance: true, isRelevant: true, depth: true,
        pageKind: true, httpStatus: true, fetchedAt: true, charset: true },
    }),
    prisma.page.count({ where: { jobId } }),
  ]);
  return { rows: rows.map((r) => ({ ...r, id: String(r.id) })), total, screen, perScreen };
}

/** One stored page of a job, or null. */
export async function getPage(prisma: PrismaClient, jobId: number, pageId: bigint) {
  const page = await prisma.page.findFirst({ where: { id: pageId, jobId } });
  if (!page) return null;
  return { ...page, id: String(page.id), frontierId: String(page.frontierId), simhash: page.simhash?.toString() ?? null,
    duplicateOf: page.duplicateOf?.toString() ?? null };
}

/** Parse a page id from a URL segment; null when it is not one. */
export function parsePageId(raw: string): bigint | null {
  return /^\d{1,18}$/.test(raw) ? BigInt(raw) : null;
}

/**
 * The pages beside page `pageId` of job `jobId` in the order of the job page's list (newest
 * first): `newer` comes before it, `older` after. Each is one probe of the primary key.
 */
export async function findNeighbourPages(prisma: PrismaClient, jobId: number, pageId: bigint): Promise<{ newer: string | null; older: string | null }> {
  const [newer, older] = await Promise.all([
    prisma.page.findFirst({ where: { jobId, id: { gt: pageId } }, orderBy: { id: "asc" }, select: { id: true } }),
    prisma.page.findFirst({ where: { jobId, id: { lt: pageId } }, orderBy: { id: "desc" }, select: { id: true } }),
  ]);
  return { newer: newer ? String(newer.id) : null, older: older ? String(older.id) : null };
}
