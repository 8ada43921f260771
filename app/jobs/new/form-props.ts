/** What the job form needs from the server, shared by the new-job page and the workflow pages. */
import { DEFAULT_STRATEGY, DEFAULT_STRATEGY_FIGURE, describeStrategies } from "@/lib/strategy/registry";
import { localizeStrategies, strategyName } from "@/lib/i18n/strategy-messages";
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_HOST_CONNECTIONS, DEFAULT_MAX_PAGES, DEFAULT_MIN_DELAY_MS, DEFAULT_PAGE_THRESHOLD } from "@/lib/jobs/input";
import { CrawlSettingsSchema } from "@/lib/jobs/settings";
import { SCOPE_MODES } from "@/lib/rules/scope";
import { FETCH_MODES } from "@/lib/rules/needs-browser";
import { getT } from "../../i18n";
import { getPrisma } from "@/lib/store/infra/prisma";
import { topicMessages } from "@/lib/i18n/topic-messages";
import { listTopicLibrary } from "@/lib/store/topic-library";

/** The job form's labels, strategies, saved topics, defaults and advanced fields in the request's language. */
export async function readJobFormProps() {
  const { t, locale } = await getT();
  const topics = await listTopicLibrary(getPrisma());
  const labels = {
    name: t("fieldName"), nameHint: t("fieldNameHint"), keywords: t("fieldKeywords"), keywordsHint: t("fieldKeywordsHint"), clc: t("fieldClc"), clcHint: t("fieldClcHint"),
    seeds: t("fieldSeeds"), seedsHint: t("fieldSeedsHint"), strategy: t("fieldStrategy"), maxPages: t("fieldMaxPages"),
    maxDepth: t("fieldMaxDepth"), threshold: t("fieldThreshold"), delay: t("fieldDelay"), hostConnections: t("fieldHostConnections"), submit: t("submitCreate"), hasErrors: t("formHasErrors"),
    advanced: t("advancedSettings"), scope: t("fieldScope"), allow: t("fieldAllow"), deny: t("fieldDeny"), proxy: t("fieldProxy"),
    siteAuth: t("fieldSiteAuth"), cookies: t("fieldCookies"), sitemaps: t("fieldSitemaps"), fetchMode: t("fieldFetchMode"), browserHosts: t("fieldBrowserHosts"), resolve: t("fieldResolve"),
    priorityFeedback: t("fieldPriorityFeedback"), priorityFeedbackHint: t("fieldPriorityFeedbackHint"),
    idleCapacity: t("fieldIdleCapacity"), goalFast: t("fieldGoalFast"), goalFastHint: t("fieldGoalFastHint"), goalFew: t("fieldGoalFew"), goalFewHint: t("fieldGoalFewHint"),
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
      ["rawHtmlMaxBytes", "fieldRawHtmlMaxBytes"], ["maxSitemapUrls", "fieldMaxSitemapUrls"], ["requestLogKeep", "fieldRequestLogKeep"],
    ] as const).map(([name, key]) => ({ name, label: t(key), value: d[name] })),
    scopes: SCOPE_MODES.map((m) => ({ value: m, label: t(`scope_${m}`) })),
    fetchModes: FETCH_MODES.map((m) => ({ value: m, label: t(`fetchMode_${m}`) })),
  };
  return {
    locale, labels, advanced, recommended, strategies: localizeStrategies(describeStrategies(), locale), topicLabels: topicMessages(locale),
    topics: topics.map(({ id, name, clc, version, pageThreshold }) => ({ id, name, clc, version, pageThreshold })),
    defaults: { maxPages: DEFAULT_MAX_PAGES, maxDepth: DEFAULT_MAX_DEPTH, pageThreshold: DEFAULT_PAGE_THRESHOLD, minDelayMs: DEFAULT_MIN_DELAY_MS, maxHostConnections: DEFAULT_MAX_HOST_CONNECTIONS },
  };
}
