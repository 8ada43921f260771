import { getT } from "./i18n";

export default async function NotFound() {
  const { t } = await getT();
  return <p className="text-slate-500">{t("notFound")}</p>;
}
