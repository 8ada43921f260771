/** The topics library: saved topics with their classes, versions and the jobs that used them; archive and duplicate. */
import type { PrismaClient } from "../generated/prisma/client";
import { createTopic } from "./topics";
import type { TopicDefinition, TopicVector } from "../topic/topic";

/** One row of the library. */
export interface LibraryTopic {
  id: number; name: string; description: string; version: number; versions: number; pageThreshold: number;
  clc: string[]; keywords: string[]; updatedAt: Date; archivedAt: Date | null;
  jobs: { id: number; name: string }[]; jobCount: number;
}

/** Saved topics, newest first; archived ones only with `includeArchived`. */
export async function listTopicLibrary(prisma: PrismaClient, opts: { includeArchived?: boolean } = {}): Promise<LibraryTopic[]> {
  const rows = await prisma.topic.findMany({
    where: opts.includeArchived ? {} : { archivedAt: null },
    orderBy: [{ archivedAt: { sort: "desc", nulls: "first" } }, { updatedAt: "desc" }],
    select: LIBRARY_SELECT,
  });
  return rows.map(toLibraryTopic);
}

/** One saved topic as the library shows it (archived or not), or null when there is none. */
export async function getLibraryTopic(prisma: PrismaClient, id: number): Promise<LibraryTopic | null> {
  const row = await prisma.topic.findUnique({ where: { id }, select: LIBRARY_SELECT });
  return row ? toLibraryTopic(row) : null;
}

const LIBRARY_SELECT = {
  id: true, name: true, description: true, version: true, pageThreshold: true, definition: true, updatedAt: true, archivedAt: true,
  _count: { select: { versions: true, jobs: true } },
  jobs: { select: { id: true, name: true }, orderBy: { id: "desc" }, take: 5 },
} as const;

function toLibraryTopic(r: {
  id: number; name: string; description: string; version: number; pageThreshold: number; definition: unknown; updatedAt: Date; archivedAt: Date | null;
  _count: { versions: number; jobs: number }; jobs: { id: number; name: string }[];
}): LibraryTopic {
  const d = r.definition as Partial<TopicDefinition>;
  return {
    id: r.id, name: r.name, description: r.description, version: r.version, versions: r._count.versions, pageThreshold: r.pageThreshold,
    clc: d.clc ?? [], keywords: (d.keywords ?? []).map((k) => k.term), updatedAt: r.updatedAt, archivedAt: r.archivedAt,
    jobs: r.jobs, jobCount: r._count.jobs,
  };
}

/** Archive or bring back a topic; false when it does not exist. */
export async function setTopicArchived(prisma: PrismaClient, id: number, isArchived: boolean): Promise<boolean> {
  const { count } = await prisma.topic.updateMany({ where: { id }, data: { archivedAt: isArchived ? new Date() : null } });
  return count === 1;
}

/** A new topic (version 1) with the current version's definition and vector; null when the original does not exist. */
export async function duplicateTopic(prisma: PrismaClient, id: number, name: string) {
  const t = await prisma.topic.findUnique({ where: { id } });
  if (!t) return null;
  return createTopic(prisma, name, t.vector as unknown as TopicVector, t.pageThreshold, t.description);
}
