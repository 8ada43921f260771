"use client";
import { useState } from "react";
import type { TopicMessages } from "@/lib/i18n/topic-messages";
import { nestedChoices, type ClassChoice } from "./draft";
import { ClcSearch } from "./clc-search";
import { ClcTree, className } from "./clc-tree";
import { FieldErrors } from "./field-errors";

/** Step 1: choose classes by browsing the tree or searching it; chosen ones are removable chips. */
export function ClassesStep({ m, isEnglish, classes, onChange, errors }: {
  m: TopicMessages; isEnglish: boolean; classes: ClassChoice[]; onChange: (c: ClassChoice[]) => void; errors?: string[];
}) {
  const [reveal, setReveal] = useState<{ code: string; path: string[]; at: number }>();
  const toggle = (c: ClassChoice) => onChange(classes.some((x) => x.code === c.code) ? classes.filter((x) => x.code !== c.code) : [...classes, c]);
  const nested = nestedChoices(classes);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{m.classesIntro}</p>
      <div data-testid="chosen-classes" className="flex min-h-9 flex-wrap items-center gap-2">
        {classes.length === 0 && <span className="text-sm text-slate-400">{m.noClassesYet}</span>}
        {classes.map((c) => (
          <span key={c.code} className="inline-flex max-w-full items-center gap-1 rounded-full bg-teal-100 px-2 py-0.5 text-sm text-teal-900">
            <span className="font-mono text-xs">{c.code}</span>
            <span className="truncate">{className(c, isEnglish)}</span>
            <button type="button" aria-label={m.removeClass.replace("{code}", c.code)} onClick={() => toggle(c)}
              className="ml-1 rounded px-1 text-teal-700 hover:bg-teal-200">×</button>
          </span>
        ))}
      </div>
      {nested.map(([parent, child]) => (
        <p key={`${parent.code}>${child.code}`} role="note" className="rounded bg-amber-50 p-2 text-sm text-amber-900">
          {m.nestedNote.replaceAll("{parent}", parent.code).replaceAll("{child}", child.code)}
        </p>
      ))}
      <FieldErrors list={errors} testId="error-clc" />
      <div className="grid gap-4 lg:grid-cols-2">
        <ClcSearch m={m} isEnglish={isEnglish} chosen={classes} onToggle={toggle} onReveal={(c) => setReveal({ code: c.code, path: c.path, at: Date.now() })} />
        <div>
          <p className="mb-1 text-sm font-medium">{m.browseLabel}</p>
          <ClcTree m={m} isEnglish={isEnglish} chosen={classes} onToggle={toggle} reveal={reveal} />
        </div>
      </div>
    </div>
  );
}
