/**
 * Pieces every form field shares, on the field classes of
 * src/styles/ui-parts.css: the label with its 必須 mark, the hint and the
 * error lines, and the aria wiring that ties them to the control.
 */
import type { ReactNode } from 'react';

export function RequiredMark() {
  return <span className="ml-1 text-sm text-red-700 dark:text-red-300">（必須）</span>;
}

/** The field's label, with （必須） when the control is required. */
export function FieldLabel({ htmlFor, required, children }: { htmlFor: string; required?: boolean; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="field-label">
      {children}
      {required && <RequiredMark />}
    </label>
  );
}

/** The hint under a control (its id is the one describedBy names: `${id}-hint`). */
export function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={id} className="field-hint">
      {hint}
    </p>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="field-error">
      {error}
    </p>
  );
}

/** aria-invalid and aria-describedby for a control with an optional hint and error under it. */
export function describedBy(id: string, error?: string, hint?: unknown) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': described };
}
