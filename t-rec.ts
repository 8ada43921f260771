import fs from "node:fs";
import { buildRealWeb, canonicalAddresses, labelRealWeb } from "./lib/realweb/build";
import { loadCorpus } from "./lib/realweb/corpora";
import { decodeBody } from "./lib/rules/decode";
import { parseHtml } from "./lib/rules/parse";
import { buildTopic, scorePage, topicScorer, TopicDefinitionSchema } from "./lib/topic/topic";
import { classesThreshold } from "./lib/topic/knowledge/knowledge";
const web = buildRealWeb(loadCorpus("/work/shared/data"), 1, { decoys: true, layout: (process.argv[2] ?? "sites") as "sites" });
const own = canonicalAddresses(web);
for (const c of (process.argv[3] ?? "S").split(",")) {
  const labels = labelRealWeb(web, c);
  const scorer = topicScorer(buildTopic(TopicDefinitionSchema.parse({ clc: [c] })));
  const thr = classesThreshold([c])!;
  const rec: string[] = [];
  for (const [url, p] of web.pages) {
    if (own.get(p) !== url || !labels.pages[url].relevant) continue;
    const html = "html" in p ? p.html() : decodeBody(p.file, p.type).text;
    const parsed = parseHtml(html, url);
    if (scorePage(scorer, parsed.title, parsed.mainText).relevance >= thr) rec.push(url);
  }
  fs.writeFileSync(`/tmp/recognized-${c}.json`, JSON.stringify(rec));
  console.log(c, thr, rec.length, "of", labels.relevantCount);
}
