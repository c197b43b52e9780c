/**
 * A labelled input with its hint and error tied to it (aria-describedby,
 * aria-invalid), so screen readers read the problem with the field.
 */
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { describedBy, FieldError, RequiredMark } from './field-parts';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string;
  prefix?: string;
}

export const inputClass =
  'w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 aria-[invalid=true]:border-red-600 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100 dark:aria-[invalid=true]:border-red-400';

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, hint, error, prefix, ...input }, ref) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium">
        {label}
        {input.required && <RequiredMark />}
      </label>
      <div className="flex items-center gap-1">
        {prefix && <span className="shrink-0 text-sm text-gray-600 dark:text-gray-400">{prefix}</span>}
        <input ref={ref} id={id} {...describedBy(id, error, hint)} className={inputClass} {...input} />
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

/** The site's email input: the same type, autofill and keyboard on every form. */
export const EmailField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'label' | 'type'>>(function EmailField(props, ref) {
  return (
    <TextField ref={ref} name="email" type="email" label="メールアドレス" required autoComplete="email" inputMode="email" {...props} />
  );
});
