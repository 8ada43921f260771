import assert from "node:assert/strict";
import { test } from "node:test";
import { topicScorer } from "../topic/topic";
import { bestFirst } from "./best-first";
import { applyLinkFeedback, hostFeedback, TUNNEL_DECAY } from "./feedback";
import { emptyState, type CandidateLink, type ParentPage } from "./types";

const topic = topicScorer({ terms: [["计算机", 0.8], ["软件", 0.5], ["网络", 0.3]] });
const portal: ParentPage = { url: "http://portal.test/", host: "portal.test", depth: 0, relevance: 0, isRelevant: false, priority: 1, kind: "home" };
const LINKS: CandidateLink[] = [
  { url: "http://www.jsj-xb.cn/", host: "www.jsj-xb.cn", anchor: "计算机学报" },
  { url: "http://books.test/", host: "books.test", anchor: "书评网" },
  { url: "http://soft.test/", host: "soft.test", anchor: "开源软件社区" },
];

test("a host's feedback: a new host weighs 1, one irrelevant page does not sink it, 1 relevant page of 495 or 30 irrelevant in a row do", () => {
  assert.equal(hostFeedback(0, 0), 1);
  assert.ok(hostFeedback(1, 0, 0, 1) >= 0.7, "one bad page");
  assert.ok(hostFeedback(31, 1, 0, 30) < 0.03, "a relevant entry page, then 30 irrelevant pages in a row");
  assert.ok(hostFeedback(31, 1, 0, 30) < hostFeedback(31, 1, 0, 0) / 5, "recent irrelevant pages weigh more than old ones");
  assert.ok(hostFeedback(495, 1) < 0.02, "1 of 495");
  assert.ok(hostFeedback(20, 10) > hostFeedback(20, 1), "a better harvest weighs more");
  assert.ok(hostFeedback(10, 0, 10) < hostFeedback(10, 0), "failed URLs count against the host");
});

test("the links of a portal that scores 0 are not tied: each keeps the score of its own words", () => {
  const own = bestFirst.scoreLinks({ parent: portal, links: LINKS, topic, params: {}, state: emptyState() });
  assert.deepEqual(own.map((s) => s.priority), [0, 0, 0], "best-first alone ties them at the portal's relevance");
  const scores = applyLinkFeedback({ parent: portal, parentTunnel: 0, links: LINKS, topic }, own).map((s) => s.priority!);
  assert.ok(scores[0] > 0 && scores[2] > 0, `topic words in the anchor count: ${scores}`);
  assert.equal(scores[1], 0, "nothing of the topic in 书评网");
  assert.ok(scores[0] > scores[2], "计算机 weighs more than 软件 in this topic");
});

test("inherited priority decays with each irrelevant page since the last relevant one; a relevant page resets it", () => {
  const links: CandidateLink[] = [{ url: "http://site.test/list/2.html", host: "site.test", anchor: "下一页" }];
  const parent = (isRelevant: boolean): ParentPage => ({ ...portal, depth: 3, relevance: 0.2, isRelevant, kind: "content" });
  const score = (isRelevant: boolean, parentTunnel: number) => {
    const own = bestFirst.scoreLinks({ parent: parent(isRelevant), links, topic, params: {}, state: emptyState() });
    return applyLinkFeedback({ parent: parent(isRelevant), parentTunnel, links, topic }, own)[0];
  };
  assert.equal(score(true, 4).priority, 0.2);
  assert.equal(score(true, 4).detail.tunnel, 0);
  assert.equal(score(false, 0).priority, 0.2, "the first irrelevant page passes its priority on");
  assert.equal(score(false, 2).priority, 0.2 * TUNNEL_DECAY ** 2);
  assert.equal(score(false, 2).detail.tunnel, 3);
});

test("a link the strategy drops stays dropped (its own filter is the paper's rule)", () => {
  const out = applyLinkFeedback({ parent: portal, parentTunnel: 0, links: LINKS.slice(0, 1), topic }, [{ priority: null, detail: {} }]);
  assert.equal(out[0].priority, null);
});
