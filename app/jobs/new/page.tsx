import { DEFAULT_STRATEGY, DEFAULT_STRATEGY_FIGURE, describeStrategies } from "@/lib/strategy/registry";
import { strategyName } from "@/lib/i18n/strategy-messages";
import { localizeStrategies } from "@/lib/i18n/strategy-messages";
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_HOST_CONNECTIONS, DEFAULT_MAX_PAGES, DEFAULT_MIN_DELAY_MS, DEFAULT_PAGE_THRESHOLD } from "@/lib/jobs/input";
import { CrawlSettingsSchema } from "@/lib/jobs/settings";
import { SCOPE_MODES } from "@/lib/rules/scope";
import { getT } from "../../i18n";
import { getPrisma } from "@/lib/store/infra/prisma";
import { topicMessages } from "@/lib/i18n/topic-messages";
import { listTopicLibrary } from "@/lib/store/topic-library";
import { JobForm } from "./job-form";
import { getJob } from "@/lib/store/jobs";
import { cloneFormValues } from "@/lib/jobs/clone-values";

export const dynamic = "force-dynamic";

export default async function NewJobPage({ searchParams }: { searchParams: Promise<{ topicId?: string; clone?: string }> }) {
  const { t, locale } = await getT();
  const m = topicMessages(locale);
  const topics = await listTopicLibrary(getPrisma());
  const { topicId: chosenTopic, clone } = await searchParams;
  // ?clone=ID opens the form with that job's settings (credentials excepted) under a new name.
  const source = clone && /^\d+$/.test(clone) ? await getJob(getPrisma(), Number(clone)) : null;
  const initial = source ? cloneFormValues(source, `${source.name} (${locale === "en" ? "copy" : "副本"})`) : undefined;
  const labels = {
    name: t("fieldName"), nameHint: t("fieldNameHint"), keywords: t("fieldKeywords"), keywordsHint: t("fieldKeywordsHint"), clc: t("fieldClc"), clcHint: t("fieldClcHint"),
    seeds: t("fieldSeeds"), seedsHint: t("fieldSeedsHint"), strategy: t("fieldStrategy"), maxPages: t("fieldMaxPages"),
    maxDepth: t("fieldMaxDepth"), threshold: t("fieldThreshold"), delay: t("fieldDelay"), hostConnections: t("fieldHostConnections"), submit: t("submitCreate"), hasErrors: t("formHasErrors"),
    advanced: t("advancedSettings"), scope: t("fieldScope"), allow: t("fieldAllow"), deny: t("fieldDeny"), proxy: t("fieldProxy"),
    siteAuth: t("fieldSiteAuth"), cookies: t("fieldCookies"),
  };
  const f = DEFAULT_STRATEGY_FIGURE;
  const recommended = {
    id: DEFAULT_STRATEGY, suffix: t("strategyRecommended"),
    hint: t("strategyRecommendedHint").replace("{name}", strategyName(DEFAULT_STRATEGY, locale)).replace("{classes}", f.classes)
      .replace("{harvest}", f.harvest.toFixed(3)).replace("{bfs}", f.bfsHarvest.toFixed(3)),
  };
  const d = CrawlSettingsSchema.parse({});
  const advanced = {
    numbers: ([
      ["maxConcurrency", "fieldMaxConcurrency"], ["maxPagesPerHost", "fieldMaxPagesPerHost"], ["maxQueryVariants", "fieldMaxQueryVariants"], ["maxLinksPerPage", "fieldMaxLinksPerPage"],
      ["maxRepeatedSegments", "fieldMaxRepeatedSegments"], ["adaptTopicAfter", "fieldAdaptTopicAfter"], ["focusHoldBack", "fieldFocusHoldBack"], ["connectTimeoutMs", "fieldConnectTimeout"], ["headersTimeoutMs", "fieldHeadersTimeout"],
      ["bodyTimeoutMs", "fieldBodyTimeout"], ["maxBodyBytes", "fieldMaxBodyBytes"],
      ["rawHtmlMaxBytes", "fieldRawHtmlMaxBytes"],
    ] as const).map(([name, key]) => ({ name, label: t(key), value: d[name] })),
    scopes: SCOPE_MODES.map((m) => ({ value: m, label: t(`scope_${m}`) })),
  };
  return (
    <section className="max-w-2xl">
      <h1 className="mb-4 text-xl font-semibold">{t("newJobTitle")}</h1>
      <JobForm labels={labels} strategies={localizeStrategies(describeStrategies(), locale)} recommended={recommended}
        topicLabels={m} topics={topics.map(({ id, name, clc, version }) => ({ id, name, clc, version }))} topicId={chosenTopic}
        defaults={{ maxPages: DEFAULT_MAX_PAGES, maxDepth: DEFAULT_MAX_DEPTH, pageThreshold: DEFAULT_PAGE_THRESHOLD,
          minDelayMs: DEFAULT_MIN_DELAY_MS, maxHostConnections: DEFAULT_MAX_HOST_CONNECTIONS }} advanced={advanced} initial={initial} />
    </section>
  );
}
