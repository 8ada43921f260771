"use client";
import { useRouter } from "next/navigation";
import type { Locale } from "@/lib/i18n/messages";

/** Toggles the interface language (cookie `lang`) and re-renders the page. */
export function LanguageSwitch({ locale, label }: { locale: Locale; label: string }) {
  const router = useRouter();
  const next: Locale = locale === "zh-CN" ? "en" : "zh-CN";
  return (
    <button
      type="button"
      className="rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-100"
      onClick={() => {
        document.cookie = `lang=${next}; path=/; max-age=31536000; samesite=lax`;
        router.refresh();
      }}
    >
      {label}
    </button>
  );
}
