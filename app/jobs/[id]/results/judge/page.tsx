import Link from "next/link";
import { notFound } from "next/navigation";
import { getSql } from "@/lib/store/infra/sql";
import { readJudgeQueue } from "@/lib/store/judge-queue";
import { judgeMessages } from "@/lib/i18n/judge-messages";
import { fill } from "@/lib/i18n/monitor-messages";
import type { MessageKey } from "@/lib/i18n/messages";
import { getT } from "../../../../i18n";
import { canOperate } from "../../../../auth/current";
import { parseId } from "../../../../json";
import { JudgeBatch } from "./judge-batch";
import type { TopicVector } from "@/lib/topic/topic";

export const dynamic = "force-dynamic";

/**
 * "Judge these": the job's next few pages whose judgment teaches the topic most (nearest the
 * threshold, spread over sites and kinds: lib/results/judge-batch.ts), judged with the keyboard,
 * then the next batch. Viewers see the pages but cannot judge them.
 */
export default async function JudgePage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseId((await params).id);
  const sql = getSql();
  const [job] = id === null ? [] : await sql<{ id: number; name: string; feedback: TopicVector["feedback"] | null; threshold: number }[]>`
    select id, name, topic_snapshot->'feedback' as feedback, page_threshold as threshold from jobs where id = ${id}`;
  const queue = job ? await readJudgeQueue(sql, job.id) : null;
  if (!job || !queue) notFound();
  const { locale, t } = await getT();
  const m = judgeMessages(locale);
  const isOperator = await canOperate();
  const items = queue.items.map((p) => ({
    id: p.id, url: p.url, title: p.title, host: p.host, kind: t(`kind_${p.kind}` as MessageKey) ?? p.kind, excerpt: p.excerpt,
    relevance: p.relevance.toFixed(3), isOver: p.relevance >= queue.threshold,
  }));
  const hasBoth = queue.judgedRelevant >= 3 && queue.judgedIrrelevant >= 3;
  return (
    <section className="space-y-3">
      <Link href={`/jobs/${job.id}/results`} className="text-sm text-teal-700">← #{job.id} {job.name} · {m.back}</Link>
      <h1 className="text-xl font-semibold">{m.title}</h1>
      <p className="text-sm text-slate-600">{fill(m.intro, { threshold: queue.threshold })}</p>
      <p data-testid="judge-counts" className="text-sm text-slate-700">
        {fill(m.counts, { relevant: queue.judgedRelevant, irrelevant: queue.judgedIrrelevant })}{" "}
        {isOperator && (hasBoth
          ? <Link data-testid="judge-learn" className="text-teal-700 hover:underline" href={`/jobs/${job.id}#refine-topic`}>{m.learnLink}</Link>
          : <span className="text-slate-500">{m.learnHint}</span>)}
      </p>
      {job.feedback && <p data-testid="judge-learned" className="text-xs text-slate-600">{fill(m.learned, {
        pages: job.feedback.pages, judged: job.feedback.judged, added: job.feedback.added.slice(0, 12).join(locale === "zh-CN" ? "、" : ", ") || "—", threshold: job.threshold })}</p>}
      {!isOperator && <p role="note" data-testid="judge-viewer" className="rounded border border-amber-200 bg-amber-50 p-2 text-sm text-amber-900">{m.viewer}</p>}
      {items.length === 0 ? <p data-testid="judge-empty" className="text-slate-500">{m.empty}</p> : (
        <JudgeBatch key={items.map((p) => p.id).join(",")} jobId={job.id} items={items} canJudge={isOperator} m={m} labels={{
          relevant: t("judgeRelevant"), irrelevant: t("judgeIrrelevant"), clear: t("judgeClear"), judgedRelevant: t("judgedRelevant"),
          judgedIrrelevant: t("judgedIrrelevant"), failed: t("judgeFailed"),
        }} />
      )}
    </section>
  );
}
