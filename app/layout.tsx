import type { Metadata } from "next";
import Link from "next/link";
import "./globals.css";
import { getT } from "./i18n";
import { LanguageSwitch } from "./components/language-switch";
import { topicMessages } from "@/lib/i18n/topic-messages";
import { currentIdentity } from "./auth/current";
import { SignedIn } from "./auth/signed-in";

export const metadata: Metadata = { title: "FocusCrawl", description: "Focused web crawling dashboard" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const { locale, t } = await getT();
  const who = await currentIdentity();
  // Signed out (the sign-in page): the other pages would only send the browser back to it.
  const isSignedOut = who.isAuthOn && !who.name;
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 text-slate-900">
        <header className="border-b border-slate-200 bg-white">
          <nav className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
            <Link href="/" className="font-semibold text-teal-700">{t("appName")}</Link>
            {!isSignedOut && <>
              <Link href="/" className="text-sm hover:text-teal-700">{t("navJobs")}</Link>
              {who.role === "operator" && <Link href="/jobs/new" className="text-sm hover:text-teal-700">{t("navNewJob")}</Link>}
              <Link href="/topics" className="text-sm hover:text-teal-700">{topicMessages(locale).navTopics}</Link>
              <Link href="/compare" className="text-sm hover:text-teal-700">{t("navCompare")}</Link>
            </>}
            <span className="ml-auto flex items-center gap-3">
              {who.isAuthOn && who.name && <SignedIn who={who} locale={locale} />}
              <LanguageSwitch locale={locale} label={t("language")} />
            </span>
          </nav>
        </header>
        <main className="mx-auto max-w-6xl px-4 py-6">{children}</main>
      </body>
    </html>
  );
}
