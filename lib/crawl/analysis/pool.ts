/**
 * Where a worker's pages are analysed: on analysis threads, so that one worker process uses more
 * than one core and its event loop stays free for fetches and the page store's transactions
 * (bench/PERFORMANCE.md), or on the main thread between I/O when the machine has one core.
 * Threads come from piscina (a maintained pool: queueing, a dead thread replaced, idle threads not
 * keeping the process alive), one pool per process shared by its workers.
 */
import os from "node:os";
import { Piscina } from "piscina";
import { scorerForThread, type TopicScorer } from "../../topic/topic";
import { readPage, weighPage } from "./analyse-page";
import type { AnalysisTask, ThreadAnalysis } from "./thread";

/**
 * Analyses pages for the pipeline. `isBodyKept`: the job keeps the raw body, which an analysis
 * thread then also compresses (`bodyGzip`); on the main thread the page store's gzip does.
 */
export interface PageAnalyser {
  analyse(scorer: TopicScorer, body: Buffer, contentType: string | undefined, finalUrl: string, isBodyKept?: boolean): Promise<ThreadAnalysis>;
}

/** Analysis threads by default: every core but the one the main thread and PostgreSQL share, at most four. */
export function defaultAnalysisThreads(cores = os.availableParallelism()): number {
  return Math.max(0, Math.min(4, cores - 1));
}

/**
 * Let the event loop answer I/O between the CPU stages of a page analysed on the main thread:
 * other pages' transactions hold row locks until their next statement is sent.
 */
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Analysis on the main thread, with I/O answered between its stages. */
const inlineAnalyser: PageAnalyser = {
  async analyse(scorer, body, contentType, finalUrl) {
    const read = readPage(body, contentType, finalUrl);
    await yieldToIo();
    const weighed = weighPage(scorer, read.parsed);
    await yieldToIo();
    return { ...read, ...weighed };
  },
};

/** A number per topic object: threads keep topics by it and are sent each one only once. */
const topicIds = new WeakMap<TopicScorer, number>();
let lastTopicId = 0;
function topicIdOf(scorer: TopicScorer): number {
  let id = topicIds.get(scorer);
  if (id === undefined) topicIds.set(scorer, (id = ++lastTopicId));
  return id;
}

function threadAnalyser(threads: number): PageAnalyser {
  const pool = new Piscina<AnalysisTask, ThreadAnalysis | { needsTopic: true }>({
    filename: new URL("./thread-entry.mjs", import.meta.url).href,
    // A thread's dictionary and IDF table take a second to load: with as many threads as the
    // least, none is ever ended for being idle (idle threads do not keep the process alive).
    minThreads: threads, maxThreads: threads,
  });
  return {
    async analyse(scorer, body, contentType, finalUrl, isBodyKept) {
      const task: AnalysisTask = { topicId: topicIdOf(scorer), body, contentType, finalUrl, isBodyKept };
      const first = await pool.run(task);
      if (!("needsTopic" in first)) return first;
      const second = await pool.run({ ...task, topic: scorerForThread(scorer) });
      if ("needsTopic" in second) throw new Error("an analysis thread lost the topic it was just sent");
      return second;
    },
  };
}

const analysers = new Map<number, PageAnalyser>();

/** The process's analyser with `threads` analysis threads (0: on the main thread). */
export function pageAnalyser(threads: number): PageAnalyser {
  if (threads <= 0) return inlineAnalyser;
  let a = analysers.get(threads);
  if (!a) analysers.set(threads, (a = threadAnalyser(threads)));
  return a;
}
