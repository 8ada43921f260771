/**
 * An analysis thread: runs analysePage for the worker's main thread (./pool.ts). A topic is sent
 * once per thread and kept by its number; a task naming a topic the thread does not hold is
 * answered with `needsTopic`, and the pool sends it again with the topic. A class topic's rival
 * index (docs/ALGORITHMS.md §1.3c) is built once per thread and shared by all the topics it holds.
 */
import { scorerFromThread, type ThreadScorer, type TopicScorer } from "../../topic/topic";
import { analysePage, type PageAnalysis } from "./analyse-page";
import { warmUpTextPipeline } from "../../topic/topic";
import { gzipRawBody } from "../../store/page-bodies";

/** One page to analyse. */
export interface AnalysisTask {
  topicId: number;
  /** The topic, when the thread may not hold it yet (without its rival index: the thread has its own). */
  topic?: ThreadScorer;
  body: Uint8Array;
  contentType: string | undefined;
  finalUrl: string;
  /** The job keeps this body: compress it here too (`bodyGzip` of the answer). */
  isBodyKept?: boolean;
}

/** A page's analysis with its body compressed, when the job keeps it. */
export type ThreadAnalysis = PageAnalysis & { bodyGzip?: Uint8Array };

/** Topics held at most: a worker crawls a few jobs at a time, and an edited topic is a new one. */
const MAX_TOPICS = 32;
const topics = new Map<number, TopicScorer>();

warmUpTextPipeline(); // the dictionary and the IDF table load as the thread starts, not on its first page

/** Analyse one page, or ask for the topic. */
export default function analyse(task: AnalysisTask): ThreadAnalysis | { needsTopic: true } {
  if (task.topic) {
    topics.delete(task.topicId);
    topics.set(task.topicId, scorerFromThread(task.topic));
    if (topics.size > MAX_TOPICS) topics.delete(topics.keys().next().value!);
  }
  const scorer = topics.get(task.topicId);
  if (!scorer) return { needsTopic: true };
  const body = Buffer.from(task.body.buffer, task.body.byteOffset, task.body.byteLength);
  const analysis = analysePage(scorer, body, task.contentType, task.finalUrl);
  return task.isBodyKept ? { ...analysis, bodyGzip: gzipRawBody(body) } : analysis;
}
