"use client";
/** A submit button that asks first: a block, an unblock or a delete happens only when confirmed. */
export function ConfirmButton({ question, className, testId, children }: { question: string; className: string; testId?: string; children: React.ReactNode }) {
  return (
    <button data-testid={testId} title={question} className={className}
      onClick={(e) => { if (!window.confirm(question)) e.preventDefault(); }}>{children}</button>
  );
}
