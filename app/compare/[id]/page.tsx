import { notFound } from "next/navigation";
import { TIME_MARKS_MINUTES } from "@/lib/eval/metrics";
import { COMPARE_CHECKPOINTS, getComparison } from "@/lib/eval/compare";
import { getSql } from "@/lib/store/infra/sql";
import { getT } from "../../i18n";
import { LiveComparison } from "./live-comparison";
import { compareTimeLabels, opsTranslator, statusLabel } from "@/lib/i18n/ops-messages";
import { JOB_STATUSES } from "@/lib/store/job-overview";

export const dynamic = "force-dynamic";

export default async function ComparisonPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[0-9a-f]{12}$/.test(id)) notFound();
  const jobs = await getComparison(getSql(), id);
  if (jobs.length === 0) notFound();
  const { locale, t } = await getT();
  const o = opsTranslator(locale);
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold">{t("compareTitle")}</h1>
      <LiveComparison pollUrl={`/api/compare/${id}`} initial={JSON.parse(JSON.stringify(jobs))} checkpoints={COMPARE_CHECKPOINTS}
        labels={{ chart: t("compareHarvest"), table: t("compareTable"), strategy: o("compareColStrategy"), status: o("compareColStatus"),
          pages: o("compareColPages"), failed: o("compareColFailed"), rescored: o("compareRescored"), xAxis: o("compareAxisPages"), yAxis: o("compareAxisHarvest"),
          statusNames: Object.fromEntries(JOB_STATUSES.map((s) => [s, statusLabel(locale, s)])), ...compareTimeLabels(locale, TIME_MARKS_MINUTES) }} />
    </section>
  );
}
