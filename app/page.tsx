import Link from "next/link";
import { listJobs } from "@/lib/store/jobs";
import { getPrisma } from "@/lib/store/infra/prisma";
import { getT } from "./i18n";
import { StatusBadge } from "./components/status-badge";
import { canOperate } from "./auth/current";

export const dynamic = "force-dynamic";

export default async function JobsPage() {
  const { locale, t } = await getT();
  const jobs = await listJobs(getPrisma());
  return (
    <section>
      <div className="mb-4 flex items-center justify-between">
        <h1 className="text-xl font-semibold">{t("jobsTitle")}</h1>
        {await canOperate() && <Link href="/jobs/new" className="rounded bg-teal-700 px-3 py-1.5 text-sm text-white hover:bg-teal-800">{t("navNewJob")}</Link>}
      </div>
      {jobs.length === 0 ? (
        <p className="text-slate-500">{t("jobsEmpty")}</p>
      ) : (
        <table className="w-full overflow-hidden rounded border border-slate-200 bg-white text-sm">
          <thead className="bg-slate-100 text-left">
            <tr>
              <th className="p-2">#</th><th className="p-2">{t("colName")}</th><th className="p-2">{t("colStatus")}</th>
              <th className="p-2">{t("colStrategy")}</th><th className="p-2 text-right">{t("colFetched")}</th>
              <th className="p-2 text-right">{t("colRelevant")}</th><th className="p-2 text-right">{t("colHarvest")}</th>
              <th className="p-2">{t("colCreated")}</th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((j) => (
              <tr key={j.id} className="border-t border-slate-100">
                <td className="p-2">{j.id}</td>
                <td className="p-2"><Link className="text-teal-700 hover:underline" href={`/jobs/${j.id}`}>{j.name}</Link></td>
                <td className="p-2"><StatusBadge status={j.status} t={t} /></td>
                <td className="p-2">{j.strategy}</td>
                <td className="p-2 text-right">{j.pagesFetched}</td>
                <td className="p-2 text-right">{j.pagesRelevant}</td>
                <td className="p-2 text-right">{j.pagesFetched ? (j.pagesRelevant / j.pagesFetched).toFixed(3) : "—"}</td>
                <td className="p-2">{j.createdAt.toLocaleString(locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
