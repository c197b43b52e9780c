/**
 * A checkbox with its label beside it and its hint and error tied to it.
 * The box is large and the whole row is the touch target (at least 44 px).
 */
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { describedBy, FieldError } from './field-parts';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  hint?: ReactNode;
  error?: string;
}

export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, hint, error, className, ...input },
  ref,
) {
  const id = useId();
  return (
    <div className={`space-y-1 ${className ?? ''}`}>
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 has-[:disabled]:cursor-not-allowed">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          {...describedBy(id, error, hint)}
          className="peer accent-brand-700 dark:accent-brand-400 size-6 shrink-0 cursor-pointer disabled:cursor-not-allowed"
          {...input}
        />
        <span className="font-medium peer-disabled:text-gray-500 dark:peer-disabled:text-gray-400">{label}</span>
      </label>
      {hint && (
        <div id={`${id}-hint`} className="field-hint">
          {hint}
        </div>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
});
