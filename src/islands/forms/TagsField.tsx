/**
 * Tags typed into one text field (separated by commas, 、 or spaces) with
 * the parsed tags shown as chips under it, each with its own 削除 button.
 * Typing stays plain text, which is the easiest thing on a phone and for
 * screen readers; the chips show how the text will be saved.
 */
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { describedBy, FieldError, FieldHint, FieldLabel } from './field-parts';

interface TagsFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> {
  label: string;
  /** The typed text. */
  value: string;
  /** The tags the text holds, in order (parsed by the caller). */
  tags: readonly string[];
  onChange(text: string): void;
  /** The text without one tag (how the caller joins the rest). */
  onRemove(tag: string): void;
  hint?: ReactNode;
  error?: string;
}

export const TagsField = forwardRef<HTMLInputElement, TagsFieldProps>(function TagsField(
  { label, value, tags, onChange, onRemove, hint, error, ...input },
  ref,
) {
  const id = useId();
  return (
    <div className="space-y-1">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <input
        ref={ref}
        id={id}
        type="text"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...describedBy(id, error, hint)}
        className="field-input"
        {...input}
      />
      <FieldHint id={`${id}-hint`} hint={hint} />
      <FieldError id={`${id}-error`} error={error} />
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-2 pt-1">
          {tags.map((tag) => (
            <li key={tag} className="tag-chip-brand flex items-center rounded-full pl-3 text-sm">
              <span>#{tag}</span>
              <button
                type="button"
                onClick={() => onRemove(tag)}
                aria-label={`「${tag}」を削除`}
                className="hover:bg-brand-100 focus-visible:outline-brand-600 dark:hover:bg-brand-900 ml-1 inline-flex size-9 cursor-pointer items-center justify-center rounded-full focus-visible:outline-2"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
