import Link from "next/link";
import { localizeStrategies } from "@/lib/i18n/strategy-messages";
import { listComparisons } from "@/lib/store/comparisons";
import { getSql } from "@/lib/store/infra/sql";
import { DEFAULT_MAX_PAGES, DEFAULT_MIN_DELAY_MS } from "@/lib/jobs/input";
import { describeStrategies } from "@/lib/strategy/registry";
import { getT } from "../i18n";
import { CompareForm } from "./compare-form";
import { listTopicLibrary } from "@/lib/store/topic-library";
import { getPrisma } from "@/lib/store/infra/prisma";
import { canOperate } from "../auth/current";
import { RoleNotice } from "../auth/role-notice";
import { topicMessages } from "@/lib/i18n/topic-messages";

export const dynamic = "force-dynamic";

export default async function ComparePage() {
  const { t, locale } = await getT();
  const recent = await listComparisons(getSql());
  return (
    <section className="max-w-3xl space-y-4">
      <h1 className="text-xl font-semibold">{t("compareTitle")}</h1>
      <p className="text-sm text-slate-600">{t("compareIntro")}</p>
      {!(await canOperate()) ? <RoleNotice locale={locale} kind="roleNoticeCompare" back={false} /> : <CompareForm
        labels={{ keywords: t("fieldKeywords"), clc: t("fieldClc"), seeds: t("fieldSeeds"), maxPages: t("fieldMaxPages"), delay: t("fieldDelay"),
          strategies: t("compareStrategies"), submit: t("compareSubmit"), hasErrors: t("formHasErrors") }}
        strategies={localizeStrategies(describeStrategies(), locale).map((s) => ({ id: s.id, name: s.name, description: s.description }))}
        topics={(await listTopicLibrary(getPrisma())).map(({ id, name, clc, version, pageThreshold }) => ({ id, name, clc, version, pageThreshold }))} topicLabels={topicMessages(locale)}
        defaults={{ maxPages: DEFAULT_MAX_PAGES, minDelayMs: DEFAULT_MIN_DELAY_MS, picked: ["bfs", "best-first", "cmscrawler"] }} />}
      {recent.length > 0 && (
        <ul className="space-y-1 text-sm">
          {recent.map((c) => (
            <li key={c.id}><Link className="text-teal-700 hover:underline" href={`/compare/${c.id}`}>{c.name.replace(/ · .*$/, "")}</Link>
              <span className="text-slate-500"> · {c.jobs} · {c.createdAt.toISOString().slice(0, 16).replace("T", " ")}</span></li>
          ))}
        </ul>
      )}
    </section>
  );
}
