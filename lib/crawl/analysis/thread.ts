/**
 * An analysis thread: runs analysePage for the worker's main thread (./pool.ts). A topic is sent
 * once per thread and kept by its number; a task naming a topic the thread does not hold is
 * answered with `needsTopic`, and the pool sends it again with the topic.
 */
import type { TopicScorer } from "../../topic/topic";
import { analysePage, type PageAnalysis } from "./analyse-page";
import { warmUpTextPipeline } from "../../topic/topic";

/** One page to analyse. */
export interface AnalysisTask {
  topicId: number;
  /** The topic, when the thread may not hold it yet. */
  topic?: TopicScorer;
  body: Uint8Array;
  contentType: string | undefined;
  finalUrl: string;
}

/** Topics held at most: a worker crawls a few jobs at a time, and an edited topic is a new one. */
const MAX_TOPICS = 32;
const topics = new Map<number, TopicScorer>();

warmUpTextPipeline(); // the dictionary and the IDF table load as the thread starts, not on its first page

/** Analyse one page, or ask for the topic. */
export default function analyse(task: AnalysisTask): PageAnalysis | { needsTopic: true } {
  if (task.topic) {
    topics.delete(task.topicId);
    topics.set(task.topicId, task.topic);
    if (topics.size > MAX_TOPICS) topics.delete(topics.keys().next().value!);
  }
  const scorer = topics.get(task.topicId);
  if (!scorer) return { needsTopic: true };
  const body = Buffer.from(task.body.buffer, task.body.byteOffset, task.body.byteLength);
  return analysePage(scorer, body, task.contentType, task.finalUrl);
}
