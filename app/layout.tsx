import { catalogueMessages } from "@/lib/i18n/catalogue-messages";
import type { Metadata } from "next";
import Link from "next/link";
import "./globals.css";
import { getT } from "./i18n";
import { LanguageSwitch } from "./components/language-switch";
import { topicMessages } from "@/lib/i18n/topic-messages";
import { currentIdentity } from "./auth/current";
import { SignedIn } from "./auth/signed-in";
import { opsTranslator } from "@/lib/i18n/ops-messages";
import { authMessages } from "@/lib/i18n/auth-messages";
import { hasRole } from "@/lib/auth/roles";
import { workflowMessages } from "@/lib/i18n/workflow-messages";

export const metadata: Metadata = { title: "FocusCrawl", description: "Focused web crawling dashboard" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const { locale, t } = await getT();
  const who = await currentIdentity();
  // Signed out (the sign-in page): the other pages would only send the browser back to it.
  const isSignedOut = who.isAuthOn && !who.name;
  const ops = opsTranslator(locale);
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 text-slate-900">
        <header className="border-b border-slate-200 bg-white">
          {/* On a phone the links wrap onto rows of their own under the name, every one in sight (a row
              that scrolled sideways hid half of them with no sign that it scrolls); from 640 px they
              share the name's row and wrap only when the window is too narrow for all of them. */}
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-1 px-4 pt-2 sm:flex-nowrap sm:py-3">
            <Link href="/" className="shrink-0 whitespace-nowrap font-semibold text-teal-700">{t("appName")}</Link>
            <span className="ml-auto flex shrink-0 items-center gap-3 sm:order-last">
              {who.isAuthOn && who.name && <SignedIn who={who} locale={locale} />}
              <LanguageSwitch locale={locale} label={t("language")} />
            </span>
            {!isSignedOut && (
              <nav aria-label={ops("navMenu")} data-testid="top-nav"
                className="flex w-full min-w-0 flex-wrap gap-x-4 gap-y-1.5 whitespace-nowrap border-t border-slate-100 py-2 text-sm sm:w-auto sm:flex-1 sm:gap-x-5 sm:border-0 sm:p-0">
                <Link href="/" className="hover:text-teal-700">{t("navJobs")}</Link>
                {hasRole(who.role, "operator") && <Link href="/jobs/new" className="hover:text-teal-700">{t("navNewJob")}</Link>}
                <Link href="/workflows" data-testid="nav-workflows" className="hover:text-teal-700">{workflowMessages(locale).nav}</Link>
                <Link href="/topics" className="hover:text-teal-700">{topicMessages(locale).navTopics}</Link>
                <Link href="/compare" className="hover:text-teal-700">{t("navCompare")}</Link>
                <Link href="/workers" className="hover:text-teal-700">{ops("navWorkers")}</Link>
                {who.role === "admin" && <Link href="/admin/users" data-testid="nav-users" className="hover:text-teal-700">{authMessages(locale).navUsers}</Link>}
                {who.role === "admin" && <Link href="/admin/catalogue" data-testid="nav-catalogue" className="hover:text-teal-700">{catalogueMessages(locale).nav}</Link>}
                <Link href="/docs/api" className="hover:text-teal-700">{authMessages(locale).navApi}</Link>
              </nav>
            )}
          </div>
        </header>
        <main className="mx-auto max-w-6xl px-4 py-6">{children}</main>
      </body>
    </html>
  );
}
