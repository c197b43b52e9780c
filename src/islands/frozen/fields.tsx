/**
 * The date and note inputs of the frozen-handle forms, wired like
 * TextField (label, hint and error tied by aria-describedby) but with a
 * label that may carry hidden context (「@miu_0312 の」) for the inline edit.
 */
import { forwardRef, useId, type ReactNode } from 'react';
import { FROZEN_NOTE_MAX, cleanNote } from '../../lib/frozen/entry';
import { describedBy, FieldError } from '../forms/field-parts';
import { inputClass } from '../forms/TextField';
import { linkButton } from './styles';

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
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
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
          className={`${inputClass} sm:w-56`}
        />
        {value !== '' && !readOnly && (
          <button type="button" className={linkButton} onClick={() => onChange('')}>
            日付を消す
          </button>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      )}
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
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        name={name}
        rows={3}
        value={value}
        readOnly={readOnly}
        onChange={(event) => onChange(event.target.value)}
        {...describedBy(id, error, true)}
        className={inputClass}
      />
      <p id={`${id}-hint`} className="flex flex-wrap justify-between gap-2 text-sm text-gray-600 dark:text-gray-400">
        <span>{hint}</span>
        <span className={over ? 'font-bold text-red-700 dark:text-red-300' : undefined}>
          {length} / {FROZEN_NOTE_MAX} 文字
        </span>
      </p>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
});
