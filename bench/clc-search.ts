/**
 * CLC tree browsing and search latency over the 45,835 shipped classes.
 *   npm run bench:clc
 */
import { clcChildren, searchClc } from "../lib/topic/clc/tree";

const QUERIES = ["TP3", "tp311", "计算机", "经济", "jsj", "sjk", "数据库", "zdh", "computer", "database", "medicine", "D33/37", "水稻", "农业", "history"];
let t = performance.now();
clcChildren();
console.log(`load: ${(performance.now() - t).toFixed(0)} ms (once per process)`);
t = performance.now();
searchClc("jsj");
console.log(`first initials search (loads jieba and its word frequencies): ${(performance.now() - t).toFixed(0)} ms (once per process)`);
const times: number[] = [];
for (let round = 0; round < 20; round++) {
  for (const q of QUERIES) {
    t = performance.now();
    searchClc(q, { limit: 20 });
    times.push(performance.now() - t);
  }
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.floor(p * (times.length - 1))].toFixed(2);
console.log(`search over ${times.length} queries: median ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms`);
t = performance.now();
for (const top of clcChildren()) clcChildren(top.code);
console.log(`browse the 22 top classes' children: ${(performance.now() - t).toFixed(2)} ms`);
