/** Pieces every form field shares: the 必須 mark, the error line and the aria wiring. */
export function RequiredMark() {
  return <span className="ml-1 text-sm text-red-700 dark:text-red-300">（必須）</span>;
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700 dark:text-red-300">
      {error}
    </p>
  );
}

/** aria-invalid and aria-describedby for a control with an optional hint and error under it. */
export function describedBy(id: string, error?: string, hint?: unknown) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': described };
}
