/** Saved topics: created and revised as numbered versions; a running job can switch to one. */
import { recordJobEventPrisma } from "./events";
import { fail } from "./failure";
import type { PrismaClient } from "../generated/prisma/client";
import type { TopicVector } from "../topic/topic";

/** Save a new topic (version 1) with its built vector. */
export async function createTopic(prisma: PrismaClient, name: string, vector: TopicVector, pageThreshold: number, description = "") {
  return prisma.$transaction(async (tx) => {
    const topic = await tx.topic.create({
      data: { name, description, definition: vector.definition as object, vector: vector as object, version: 1, pageThreshold },
    });
    await tx.topicVersion.create({ data: { topicId: topic.id, version: 1, definition: vector.definition as object, vector: vector as object } });
    return topic;
  });
}

/** Save a new version of a topic; returns null when it does not exist. */
export async function reviseTopic(prisma: PrismaClient, id: number, vector: TopicVector, patch: { name?: string; description?: string; pageThreshold?: number }) {
  return prisma.$transaction(async (tx) => {
    // The row is locked before its version is read: four revisions at once each read version N and
    // all but one failed on (topic_id, version) as a 500; now each waits and takes the next number.
    const [current] = await tx.$queryRaw<{ version: number }[]>`select version from topics where id = ${id} for update`;
    if (!current) return null;
    const version = current.version + 1;
    await tx.topicVersion.create({ data: { topicId: id, version, definition: vector.definition as object, vector: vector as object } });
    return tx.topic.update({
      where: { id },
      data: { version, definition: vector.definition as object, vector: vector as object, ...patch },
    });
  }, { maxWait: 10_000, timeout: 20_000 }); // revisions of one topic queue behind its lock: room for a few at once
}

/** A topic with its vector, or null. */
export function getTopic(prisma: PrismaClient, id: number) {
  return prisma.topic.findUnique({ where: { id } });
}

/**
 * Point a job at a topic's current version (可变主题, seed 004 §2.2.2): pages fetched from now
 * on are scored with it, and workers re-score the stored pages in the background.
 */
export async function changeJobTopic(prisma: PrismaClient, jobId: number, topicId: number) {
  const topic = await getTopic(prisma, topicId);
  if (!topic) return fail("not-found", `topicId: there is no topic ${topicId}`);
  const { count } = await prisma.job.updateMany({
    where: { id: jobId },
    data: { topicId, topicVersion: topic.version, topicSnapshot: topic.vector as object, pageThreshold: topic.pageThreshold,
      topicRevision: { increment: 1 } },
  });
  if (count === 0) return fail("not-found", `job ${jobId} does not exist`);
  await recordJobEventPrisma(prisma, jobId, "topic-changed", `Topic changed to "${topic.name}" v${topic.version}; stored pages are being re-scored`);
  return { ok: true as const };
}

/**
 * Precision and recall of a topic's page filter at its threshold, estimated from the pages
 * people judged in jobs that use it; null until some are judged.
 */
export async function estimateTopicQuality(prisma: PrismaClient, topicId: number) {
  const judged = await prisma.page.findMany({
    where: { job: { topicId }, judgement: { in: ["relevant", "irrelevant"] } },
    select: { isRelevant: true, judgement: true },
  });
  if (judged.length === 0) return null;
  const tp = judged.filter((p) => p.isRelevant && p.judgement === "relevant").length;
  const fp = judged.filter((p) => p.isRelevant && p.judgement === "irrelevant").length;
  const fn = judged.filter((p) => !p.isRelevant && p.judgement === "relevant").length;
  return { judged: judged.length, precision: tp + fp ? tp / (tp + fp) : null, recall: tp + fn ? tp / (tp + fn) : null };
}
