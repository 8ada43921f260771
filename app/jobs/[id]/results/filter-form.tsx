/** The results filters as a plain GET form: every view is a URL, and it works without JavaScript. */
import type { MessageKey } from "@/lib/i18n/messages";
import type { dupMessages } from "@/lib/i18n/dup-messages";
import { DUPLICATE_MODES, PAGE_KINDS, PAGE_MARKS, RESULT_SORTS, RESULT_VIEWS, type ResultFilters } from "@/lib/results/filters";
import { fill } from "@/lib/i18n/workflow-messages";
import type { revisitMessages } from "@/lib/i18n/revisit-messages";

const field = "rounded border border-slate-300 bg-white px-2 py-1 text-sm";

/** The filter form of a job's results. */
export function FilterForm({ jobId, f, hosts, t, dm, marks }: {
  jobId: number; f: ResultFilters; hosts: { host: string; pages: number | null }[]; t: (k: MessageKey) => string;
  dm: ReturnType<typeof dupMessages>;
  /** A workflow run's filters by mark and "new or changed since run N" (its earlier runs, newest first). */
  marks?: { earlierRuns: number[]; rm: ReturnType<typeof revisitMessages> };
}) {
  const label = "flex flex-col gap-1 text-xs text-slate-600";
  return (
    <form method="get" action={`/jobs/${jobId}/results`} data-testid="results-filters" className="space-y-2 rounded border border-slate-200 bg-white p-3">
      <label className={label}>{t("resultsSearch")}
        <input name="q" type="search" defaultValue={f.q ?? ""} placeholder={t("resultsSearchPlaceholder")} maxLength={200} className={`${field} w-full`} />
      </label>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6">
        <label className={label}>{t("resultsView")}
          <select name="view" defaultValue={f.view ?? ""} className={field}>
            <option value="">{t("resultsViewAll")}</option>
            {RESULT_VIEWS.map((v) => <option key={v} value={v}>{t(`resultsView_${v}` as MessageKey)}</option>)}
          </select>
        </label>
        {marks && <MarkFilters f={f} {...marks} />}
        <label className={label}>{t("resultsHost")}
          <select name="host" defaultValue={f.host ?? ""} className={field}>
            <option value="">{t("resultsHostAll")}</option>
            {f.host && !hosts.some((h) => h.host === f.host) && <option value={f.host}>{f.host}</option>}
            {hosts.map((h) => <option key={h.host} value={h.host}>{h.host}{h.pages === null ? "" : ` (${h.pages})`}</option>)}
          </select>
        </label>
        <label className={label}>{t("resultsKind")}
          <select name="kind" defaultValue={f.kind ?? ""} className={field}>
            <option value="">{t("resultsKindAll")}</option>
            {PAGE_KINDS.map((k) => <option key={k} value={k}>{t(`kind_${k}` as MessageKey)}</option>)}
          </select>
        </label>
        <label className={label}>{t("resultsSort")}
          <select name="sort" defaultValue={f.sort} className={field}>
            {RESULT_SORTS.filter((s) => s !== "rank" || f.q).map((s) => <option key={s} value={s}>{t(`sort_${s}` as MessageKey)}</option>)}
          </select>
        </label>
        <label className={label}>{t("resultsMin")}
          <input name="min" type="number" min={0} max={1} step="any" defaultValue={f.minRelevance ?? ""} className={field} />
        </label>
        <label className={label}>{t("resultsMax")}
          <input name="max" type="number" min={0} max={1} step="any" defaultValue={f.maxRelevance ?? ""} className={field} />
        </label>
        <label className={label}>{t("resultsDepth")}
          <input name="depth" type="number" min={0} max={1000} defaultValue={f.depth ?? ""} className={field} />
        </label>
        <label className={label}>{t("resultsStatus")}
          <input name="status" type="number" min={100} max={599} defaultValue={f.status ?? ""} className={field} />
        </label>
        <label className={label}>{t("resultsMime")}
          <input name="mime" type="text" placeholder="text/html" defaultValue={f.mime ?? ""} className={field} />
        </label>
        <label className={label}>{t("resultsFrom")}
          <input name="from" type="text" inputMode="numeric" pattern="\d{4}-\d{2}-\d{2}" placeholder={t("resultsDatePlaceholder")} defaultValue={f.fetchedFrom ?? ""} className={field} />
        </label>
        <label className={label}>{t("resultsTo")}
          <input name="to" type="text" inputMode="numeric" pattern="\d{4}-\d{2}-\d{2}" placeholder={t("resultsDatePlaceholder")} defaultValue={f.fetchedTo ?? ""} className={field} />
        </label>
        <label className={label}>{t("resultsRevision")}
          <input name="rev" type="number" min={1} defaultValue={f.topicRevision ?? ""} className={field} />
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {/* A group view keeps its group while the other filters change; it lists the whole group. */}
        {f.dupOf ? <input type="hidden" name="dupOf" value={f.dupOf} /> : (
          <label className="flex items-center gap-1 text-sm">{dm.filterLabel}
            <select name="dup" defaultValue={f.dup} className={field}>
              {DUPLICATE_MODES.map((m) => <option key={m} value={m}>{dm.mode[m]}</option>)}
            </select>
          </label>
        )}
        <button className="rounded bg-teal-700 px-4 py-1 text-sm text-white hover:bg-teal-800">{t("resultsApply")}</button>
        <a href={`/jobs/${jobId}/results`} className="text-sm text-teal-700">{t("resultsReset")}</a>
      </div>
    </form>
  );
}

/** A workflow run's mark filter and its "new or changed since run N" choice. */
function MarkFilters({ f, earlierRuns, rm }: { f: ResultFilters; earlierRuns: number[]; rm: ReturnType<typeof revisitMessages> }) {
  const label = "flex flex-col gap-1 text-xs text-slate-600";
  const runs = f.since !== undefined && !earlierRuns.includes(f.since) ? [f.since, ...earlierRuns] : earlierRuns;
  return (
    <>
      <label className={label}>{rm.markFilter}
        <select name="mark" data-testid="results-mark" defaultValue={f.mark ?? ""} className={field}>
          <option value="">{rm.markAll}</option>
          {PAGE_MARKS.map((m) => <option key={m} value={m}>{rm.mark[m]}</option>)}
        </select>
      </label>
      {runs.length > 0 && (
        <label className={label}>{rm.since}
          <select name="since" data-testid="results-since" defaultValue={f.since ?? ""} className={field}>
            <option value="">{rm.sinceNone}</option>
            {runs.map((id) => <option key={id} value={id}>{fill(rm.sinceRun, { id })}</option>)}
          </select>
        </label>
      )}
    </>
  );
}
