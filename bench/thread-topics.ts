/**
 * What an analysis thread holds for the class topics it is sent (lib/crawl/analysis/thread.ts):
 * five class topics serialised as postMessage's structured clone does (v8.serialize) and received,
 * either whole (each with its own copy of the field-rival index, as before) or without the index
 * (the thread's one index shared, as now). Run each mode in its own process:
 *   MODE=whole node --expose-gc --import tsx bench/thread-topics.ts
 *   MODE=shared node --expose-gc --import tsx bench/thread-topics.ts
 * In `shared` the index was already built by this process (the thread builds it once).
 */
import v8 from "node:v8";
import { buildTopic, scorerForThread, scorerFromThread, topicScorer, TopicDefinitionSchema } from "../lib/topic/topic";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc --import tsx");
const mode = process.env.MODE === "whole" ? "whole" : "shared";
const scorers = [["F8"], ["TP3"], ["S"], ["G8"], ["K"]].map((clc) => topicScorer(buildTopic(TopicDefinitionSchema.parse({ clc }))));
/** Heap and typed arrays' buffers (the rival index keeps its postings in typed arrays). */
const held = () => { const m = process.memoryUsage(); return m.heapUsed + m.arrayBuffers; };
await new Promise((r) => setTimeout(r, 100));
gc();
gc();
const before = held();
let bytes = 0;
const received = scorers.map((s) => {
  const sent = v8.serialize(mode === "whole" ? s : scorerForThread(s));
  bytes += sent.length;
  return mode === "whole" ? v8.deserialize(sent) : scorerFromThread(v8.deserialize(sent));
});
await new Promise((r) => setTimeout(r, 100));
gc();
gc();
const after = held();
console.log(`${mode}: ${received.length} class topics received: +${((after - before) / 2 ** 20).toFixed(1)} MB of heap and buffers, ${(bytes / 2 ** 20).toFixed(2)} MB sent`);
