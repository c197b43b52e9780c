/**
 * A labelled textarea wired like TextField, with an optional character
 * counter (read with the field through aria-describedby). No maxLength
 * attribute: pasted text is never cut silently; going over shows in red
 * and the form says so when saving.
 */
import { forwardRef, useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { describedBy, FieldError, FieldLabel } from './field-parts';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value'> {
  label: string;
  value: string;
  hint?: ReactNode;
  error?: string;
  /** Shows 「n / max 文字」 under the field. */
  counterMax?: number;
}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, hint, error, counterMax, value, rows = 6, ...textarea },
  ref,
) {
  const id = useId();
  const wiring = describedBy(id, error, hint);
  const over = counterMax !== undefined && value.length > counterMax;
  const described = [wiring['aria-describedby'], counterMax !== undefined ? `${id}-counter` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1">
      <FieldLabel htmlFor={id} required={textarea.required}>
        {label}
      </FieldLabel>
      <textarea
        ref={ref}
        id={id}
        rows={rows}
        value={value}
        aria-invalid={wiring['aria-invalid']}
        aria-describedby={described}
        className="field-input min-h-32 resize-y"
        {...textarea}
      />
      <div className="flex flex-wrap items-start justify-between gap-x-4">
        {hint ? (
          <p id={`${id}-hint`} className="field-hint">
            {hint}
          </p>
        ) : (
          <span />
        )}
        {counterMax !== undefined && (
          <p id={`${id}-counter`} className={`ml-auto tabular-nums ${over ? 'field-error font-bold' : 'field-hint'}`}>
            {value.length} / {counterMax} 文字{over && `（${value.length - counterMax} 文字オーバー）`}
          </p>
        )}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
});
