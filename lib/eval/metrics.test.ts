import assert from "node:assert/strict";
import { test } from "node:test";
import { filterAccuracy, measure, parseLabels, politeRelevantBound, relevanceBy, relevantByTime, timeMarks } from "./metrics";

const labels = parseLabels({ pages: { "http://a/1": { relevant: true }, "http://a/2": { relevant: false }, "http://a/3": { relevant: true },
  "http://a/4": { relevant: true } }, relevantCount: 4 });

test("measures at checkpoints: harvest rate, recall, submitted links, time per link, MIME contribution", () => {
  const pages = [
    { url: "http://a/1", isRelevant: true, at: 1100 },
    { url: "http://a/2", isRelevant: true, at: 1200 },
    { url: "http://a/3", isRelevant: false, at: 1300 },
    { url: "http://a/5", isRelevant: false, at: 1400 },
  ];
  const queued = [{ url: "http://a/x.html", at: 1150 }, { url: "http://a/y.pdf", at: 1150 }, { url: "http://a/z", at: 1250 }, { url: "http://a/w", at: 1500 }];
  const [two, four] = measure(pages, queued, { checkpoints: [2, 4, 10], startedAt: 1000, labels });
  assert.deepEqual(two, { pages: 2, harvestRate: 0.5, recall: 0.25, avgSubmittedLinks: 2, msPerPredictedLink: 100, mimeContribution: 0.5, elapsedMs: 200 });
  // By the labels, pages 1 and 3 are relevant; 3 links were queued by t = 1400 (2 of them HTML).
  assert.deepEqual(four, { pages: 4, harvestRate: 0.5, recall: 0.5, avgSubmittedLinks: 1.5, msPerPredictedLink: 400 / 3, mimeContribution: 2 / 3, elapsedMs: 400 });
  const [byFilter] = measure(pages, queued, { checkpoints: [2], startedAt: 1000 });
  assert.equal(byFilter.harvestRate, 1, "without labels the page filter judges");
  assert.equal(byFilter.recall, null);
});

test("page filter precision, recall and F1 against the labels", () => {
  const f = filterAccuracy([
    { url: "http://a/1", isRelevant: true, at: 0 }, { url: "http://a/2", isRelevant: true, at: 0 },
    { url: "http://a/3", isRelevant: false, at: 0 }, { url: "http://a/4", isRelevant: true, at: 0 },
  ], labels);
  assert.deepEqual(f, { precision: 2 / 3, recall: 2 / 3, f1: 2 / 3 });
});

test("label files: the test web's format or a plain URL map; an empty one is refused", () => {
  assert.equal(parseLabels({ "http://x/1": true, "http://x/2": false }).relevantCount, 1);
  assert.throws(() => parseLabels({}), /no pages/);
});

test("politeness bounds relevant pages a minute: one page per delay per host, however good the order", () => {
  const labels = parseLabels({
    "http://a.test/1": true, "http://a.test/2": true, "http://a.test/3": true, "http://a.test/4": true,
    "http://b.test/1": true, "http://c.test/1": false,
  });
  // In 2 s at 1 s per host: a.test gives 3 of its 4 (at 0, 1 and 2 s), b.test its 1.
  assert.deepEqual(politeRelevantBound(labels, 1000, 2000), { relevant: 4, perMinute: 120 });
  // Given long enough every relevant page, and the rate falls with the time.
  assert.deepEqual(politeRelevantBound(labels, 1000, 60_000), { relevant: 5, perMinute: 5 });
});

test("a page served at two addresses counts once in the politeness bound and in the count of relevant pages", () => {
  const labels = parseLabels({ pages: {
    "http://a.test/p/1/": { relevant: true }, "http://a.test/p/1/index.html": { relevant: true, sameAs: "http://a.test/p/1/" },
    "http://a.test/p/2/": { relevant: true }, "http://a.test/p/2/index.html": { relevant: true, sameAs: "http://a.test/p/2/" },
  } });
  assert.equal(labels.relevantCount, 2);
  // Given all the time it needs, a polite crawl finds two pages, not four addresses.
  assert.equal(politeRelevantBound(labels, 1000, 60_000).relevant, 2);
  // Both addresses are still relevant when a crawl fetches one of them.
  assert.ok(labels.relevant.has("http://a.test/p/1/index.html"));
  // A crawl that fetches one page at both of its addresses found one relevant page, not two.
  const t0 = 1_000_000;
  const pages = ["http://a.test/p/1/", "http://a.test/p/1/index.html", "http://a.test/p/2/index.html"].map((url, i) => ({ url, isRelevant: true, at: t0 + i * 1000 }));
  const [end] = measure(pages, [], { checkpoints: [3], startedAt: t0, labels });
  assert.equal(end.harvestRate, 2 / 3);
  assert.equal(end.recall, 1);
  const isRelevant = relevanceBy(labels, pages);
  assert.deepEqual(relevantByTime(pages, t0, Infinity, [1], isRelevant), [{ minutes: 1, relevant: 2 }]);
  // The same answer on a second pass over the crawl (the byTime marks and the time curve share it).
  assert.deepEqual(relevantByTime(pages, t0, Infinity, [1], isRelevant), [{ minutes: 1, relevant: 2 }]);
});

test("relevant pages by time: counted at each mark the crawl reached; a crawl that ended has its total by every later mark", () => {
  const t0 = 1_000_000;
  const pages = [10, 40, 70, 100, 130, 250].map((s, i) => ({ url: `http://h/${i}`, isRelevant: i % 2 === 0, at: t0 + s * 1000 }));
  // Running, 150 s in: the 1- and 2-minute marks are reached, not 5 or 10.
  assert.deepEqual(relevantByTime(pages, t0, t0 + 150_000, [1, 2, 5, 10]), [{ minutes: 1, relevant: 1 }, { minutes: 2, relevant: 2 }]);
  // Ended: every mark, the last ones holding all 3 relevant pages.
  assert.deepEqual(relevantByTime(pages, t0, Infinity, [10, 1, 5, 2]).map((p) => p.relevant), [1, 2, 3, 3]);
  // Marks for the curve: every 5 s at least, from the start to the end.
  const marks = timeMarks(t0, t0 + 20_000);
  assert.deepEqual(marks.map((m) => m * 60), [0, 5, 10, 15, 20]);
  assert.ok(timeMarks(t0, t0 + 3_600_000).length <= 61);
  // A crawl of 7 s: its end is a mark, so the curve reaches its total.
  assert.deepEqual(timeMarks(t0, t0 + 7_000).map((m) => +(m * 60).toFixed(3)), [0, 5, 7]);
});
