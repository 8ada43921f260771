/** A field's error messages, shown under it (already in the interface's language). */
export function FieldErrors({ list, testId }: { list?: string[]; testId?: string }) {
  if (!list?.length) return null;
  return <p role="alert" data-testid={testId} className="mt-1 text-sm text-red-700">{list.join("；")}</p>;
}
