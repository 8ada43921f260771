import { DEFAULT_STRATEGY, DEFAULT_STRATEGY_FIGURE, describeStrategies } from "@/lib/strategy/registry";
import { strategyName } from "@/lib/i18n/strategy-messages";
import { localizeStrategies } from "@/lib/i18n/strategy-messages";
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_HOST_CONNECTIONS, DEFAULT_MAX_PAGES, DEFAULT_MIN_DELAY_MS, DEFAULT_PAGE_THRESHOLD } from "@/lib/jobs/input";
import { CrawlSettingsSchema } from "@/lib/jobs/settings";
import { SCOPE_MODES } from "@/lib/rules/scope";
import { FETCH_MODES } from "@/lib/rules/needs-browser";
import { getT } from "../../i18n";
import { getPrisma } from "@/lib/store/infra/prisma";
import { topicMessages } from "@/lib/i18n/topic-messages";
import { listTopicLibrary } from "@/lib/store/topic-library";
import { JobForm } from "./job-form";
import { getJob } from "@/lib/store/jobs";
import { cloneFormValues } from "@/lib/jobs/clone-values";
import { readSeedOrigins } from "@/lib/jobs/seed-origins";

/** The seeds picked in the topic wizard (?picks= the JSON of seed URL → origin) as form values, or none. */
function pickedSeeds(picks: string | undefined): Record<string, string> | undefined {
  if (!picks) return undefined;
  let origins;
  try { origins = readSeedOrigins(JSON.parse(picks)); } catch { return undefined; }
  const urls = Object.keys(origins).slice(0, 1000);
  return urls.length ? { seeds: urls.join("\n"), seedOrigins: JSON.stringify(origins) } : undefined;
}

export const dynamic = "force-dynamic";

export default async function NewJobPage({ searchParams }: { searchParams: Promise<{ topicId?: string; clone?: string; picks?: string }> }) {
  const { t, locale } = await getT();
  const m = topicMessages(locale);
  const topics = await listTopicLibrary(getPrisma());
  const { topicId: chosenTopic, clone, picks } = await searchParams;
  // ?clone=ID opens the form with that job's settings (credentials excepted) under a new name.
  const source = clone && /^\d+$/.test(clone) ? await getJob(getPrisma(), Number(clone)) : null;
  const initial = source ? cloneFormValues(source, `${source.name} (${locale === "en" ? "copy" : "副本"})`) : pickedSeeds(picks);
  const labels = {
    name: t("fieldName"), nameHint: t("fieldNameHint"), keywords: t("fieldKeywords"), keywordsHint: t("fieldKeywordsHint"), clc: t("fieldClc"), clcHint: t("fieldClcHint"),
    seeds: t("fieldSeeds"), seedsHint: t("fieldSeedsHint"), strategy: t("fieldStrategy"), maxPages: t("fieldMaxPages"),
    maxDepth: t("fieldMaxDepth"), threshold: t("fieldThreshold"), delay: t("fieldDelay"), hostConnections: t("fieldHostConnections"), submit: t("submitCreate"), hasErrors: t("formHasErrors"),
    advanced: t("advancedSettings"), scope: t("fieldScope"), allow: t("fieldAllow"), deny: t("fieldDeny"), proxy: t("fieldProxy"),
    siteAuth: t("fieldSiteAuth"), cookies: t("fieldCookies"), sitemaps: t("fieldSitemaps"), fetchMode: t("fieldFetchMode"), browserHosts: t("fieldBrowserHosts"),
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
      ["rawHtmlMaxBytes", "fieldRawHtmlMaxBytes"], ["maxSitemapUrls", "fieldMaxSitemapUrls"],
    ] as const).map(([name, key]) => ({ name, label: t(key), value: d[name] })),
    scopes: SCOPE_MODES.map((m) => ({ value: m, label: t(`scope_${m}`) })),
    fetchModes: FETCH_MODES.map((m) => ({ value: m, label: t(`fetchMode_${m}`) })),
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
