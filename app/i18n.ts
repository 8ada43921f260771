import { cookies } from "next/headers";
import { toLocale, translator } from "@/lib/i18n/messages";

/** The request's locale (cookie `lang`, default zh-CN) and its translator. */
export async function getT() {
  const locale = toLocale((await cookies()).get("lang")?.value);
  return { locale, t: translator(locale) };
}
