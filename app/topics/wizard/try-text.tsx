"use client";
import { useState } from "react";
import { localizeFieldErrors } from "@/lib/i18n/errors";
import type { TopicMessages } from "@/lib/i18n/topic-messages";
import { FieldErrors } from "./field-errors";
import { useDebouncedPost } from "./use-debounced-post";

interface Score { relevance: number; terms: { term: string; share: number }[] }

/** "Try a text": scores pasted text against the draft as the crawler would score a page, and says which terms made it. */
export function TryText({ m, definition, threshold }: { m: TopicMessages; definition: unknown; threshold: number }) {
  const [text, setText] = useState("");
  const result = useDebouncedPost<Score>("/api/topics/score", text.trim() && definition ? { topic: definition, text } : null);
  const score = result.data;
  const fields = result.fields ? localizeFieldErrors(result.fields, m.locale) : undefined;
  return (
    <section className="space-y-2">
      <h2 className="font-medium">{m.tryTitle}</h2>
      <textarea aria-label={m.tryTitle} rows={6} value={text} onChange={(e) => setText(e.target.value)} placeholder={m.tryPlaceholder}
        className="w-full rounded border border-slate-300 px-2 py-1.5 text-sm focus:border-teal-600 focus:outline-none" />
      <FieldErrors list={fields?.text} />
      {score && text.trim() && (
        <div data-testid="try-result" className="rounded border border-slate-200 bg-white p-2 text-sm">
          <p>
            {m.tryRelevance} <strong>{score.relevance.toFixed(3)}</strong>{" "}
            <span className={score.relevance >= threshold ? "text-teal-700" : "text-slate-500"}>
              {(score.relevance >= threshold ? m.tryAbove : m.tryBelow).replace("{t}", String(threshold))}
            </span>
          </p>
          {score.terms.length > 0 && (
            <p className="mt-1 text-xs text-slate-600">{m.tryTerms} {score.terms.map((t) => `${t.term} ${Math.round(t.share * 100)}%`).join("，")}</p>
          )}
        </div>
      )}
    </section>
  );
}
