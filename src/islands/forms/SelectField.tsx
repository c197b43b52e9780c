/** A labelled select, wired like TextField (aria-invalid, the error under it). */
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { describedBy, FieldError, RequiredMark } from './field-parts';
import { inputClass } from './TextField';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  /** Shown first with an empty value, e.g. 「選んでください」. */
  placeholder: string;
  options: readonly string[];
  error?: string;
  hint?: ReactNode;
}

export function SelectField({ label, placeholder, options, error, hint, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium">
        {label}
        {select.required && <RequiredMark />}
      </label>
      <select id={id} {...describedBy(id, error, hint)} className={inputClass} {...select}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
