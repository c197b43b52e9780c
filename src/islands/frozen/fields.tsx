/**
 * The date and note inputs of the frozen-handle forms, wired like
 * TextField (label, hint and error tied by aria-describedby) but with a
 * label that may carry hidden context (「@miu_0312 の」) for the inline edit.
 */
import { forwardRef, useId, type ReactNode } from 'react';
import { FROZEN_NOTE_MAX, cleanNote } from '../../lib/frozen/entry';
import { describedBy, FieldError, FieldHint, FieldLabel } from '../forms/field-parts';

interface DateFieldProps {
  label: ReactNode;
  name: string;
  value: string;
  /** Latest date allowed (Tokyo today). */
  max: string;
  error?: string;
  hint?: string;
  readOnly?: boolean;
  onChange: (value: string) => void;
}

/** An optional date (type=date, YYYY-MM-DD) with a button that empties it. */
export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(
  { label, name, value, max, error, hint, readOnly, onChange },
  ref,
) {
  const id = useId();
  return (
    <div className="space-y-1">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={ref}
          id={id}
          name={name}
          type="date"
          max={max}
          value={value}
          readOnly={readOnly}
          onChange={(event) => onChange(event.target.value)}
          {...describedBy(id, error, hint)}
          className="field-input sm:w-56"
        />
        {value !== '' && !readOnly && (
          <button type="button" className="text-link text-sm" onClick={() => onChange('')}>
            日付を消す
          </button>
        )}
      </div>
      <FieldHint id={`${id}-hint`} hint={hint} />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
});

interface NoteFieldProps {
  label: ReactNode;
  name: string;
  value: string;
  error?: string;
  hint?: string;
  readOnly?: boolean;
  onChange: (value: string) => void;
}

/**
 * A note of at most FROZEN_NOTE_MAX characters with a counter. Nothing is
 * cut off: a longer text stays as typed and gets an error on save.
 */
export const NoteField = forwardRef<HTMLTextAreaElement, NoteFieldProps>(function NoteField(
  { label, name, value, error, hint, readOnly, onChange },
  ref,
) {
  const id = useId();
  const length = cleanNote(value).length;
  const over = length > FROZEN_NOTE_MAX;
  return (
    <div className="space-y-1">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <textarea
        ref={ref}
        id={id}
        name={name}
        rows={3}
        value={value}
        readOnly={readOnly}
        onChange={(event) => onChange(event.target.value)}
        {...describedBy(id, error, true)}
        className="field-input"
      />
      <p id={`${id}-hint`} className="field-hint flex flex-wrap justify-between gap-2">
        <span>{hint}</span>
        <span className={over ? 'field-error font-bold' : undefined}>
          {length} / {FROZEN_NOTE_MAX} 文字
        </span>
      </p>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
});
