/** A labelled select, wired like TextField (aria-invalid, the error under it). */
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { describedBy, FieldError, FieldHint, FieldLabel } from './field-parts';

/** Options under a heading (`<optgroup>`), e.g. the areas of one prefecture. */
export interface OptionGroup {
  label: string;
  options: readonly string[];
}

/** A choice (its value is its text) or a group of them, listed in this order. */
export type SelectChoice = string | OptionGroup;

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  /** Shown first with an empty value, e.g. 「選んでください」. */
  placeholder: string;
  options: readonly SelectChoice[];
  error?: string;
  hint?: ReactNode;
}

const option = (value: string) => (
  <option key={value} value={value}>
    {value}
  </option>
);

export function SelectField({ label, placeholder, options, error, hint, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="space-y-1">
      <FieldLabel htmlFor={id} required={select.required}>
        {label}
      </FieldLabel>
      <select id={id} {...describedBy(id, error, hint)} className="field-input" {...select}>
        <option value="">{placeholder}</option>
        {options.map((choice) =>
          typeof choice === 'string' ? (
            option(choice)
          ) : (
            <optgroup key={`group:${choice.label}`} label={choice.label}>
              {choice.options.map(option)}
            </optgroup>
          ),
        )}
      </select>
      <FieldHint id={`${id}-hint`} hint={hint} />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
