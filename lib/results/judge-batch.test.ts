import assert from "node:assert/strict";
import { test } from "node:test";
import { MAX_PER_HOST, pickJudgeBatch, type JudgeCandidate } from "./judge-batch";

const page = (id: string, host: string, relevance: number, kind = "content"): JudgeCandidate => ({ id, host, kind, relevance });

test("a batch: nearest the threshold first, over and under it in turn", () => {
  const pages = [page("a", "a.cn", 0.30), page("b", "b.cn", 0.052), page("c", "c.cn", 0.049), page("d", "d.cn", 0.045), page("e", "e.cn", 0.06), page("f", "f.cn", 0.001)];
  assert.deepEqual(pickJudgeBatch(pages, 0.05, 4).map((p) => p.id), ["c", "b", "d", "e"]);
  assert.deepEqual(pickJudgeBatch(pages.filter((p) => p.relevance < 0.05), 0.05, 2).map((p) => p.id), ["c", "d"], "one side only: its nearest");
  assert.deepEqual(pickJudgeBatch([], 0.05), []);
});

test("a batch spreads over sites (one each, then at most two) and kinds (at most half of one while others are at hand)", () => {
  const one = Array.from({ length: 10 }, (_, i) => page(`x${i}`, "x.cn", 0.05 + (i % 2 ? 1 : -1) * 0.001 * (i + 1)));
  const others = [page("y", "y.cn", 0.09), page("z", "z.cn", 0.01), page("w", "w.cn", 0.2, "hub")];
  const batch = pickJudgeBatch([...one, ...others], 0.05, 5);
  assert.equal(batch.length, 5);
  assert.deepEqual(batch.slice(0, 4).map((p) => p.id).sort(), ["w", "x0", "y", "z"].sort(), "a page of each site before a second of any");
  assert.ok(batch.filter((p) => p.host === "x.cn").length <= MAX_PER_HOST);

  const hubs = [...Array.from({ length: 6 }, (_, i) => page(`h${i}`, `h${i}.cn`, 0.05 + 0.001 * i, "hub")), page("c", "c.cn", 0.3)];
  const kinds = pickJudgeBatch(hubs, 0.05, 4);
  assert.deepEqual(kinds.map((p) => p.kind).sort(), ["content", "hub", "hub", "hub"], "with only one content page at hand, hubs fill the rest");
  assert.ok(pickJudgeBatch(hubs, 0.05, 2).some((p) => p.kind === "content"), "half a batch at most of one kind while another is at hand");
});

test("a crawl of one site still gets a full batch", () => {
  const pages = Array.from({ length: 8 }, (_, i) => page(`p${i}`, "only.cn", i / 100));
  assert.equal(pickJudgeBatch(pages, 0.035, 5).length, 5);
});
