/**
 * A labelled input with its hint and error tied to it (aria-describedby,
 * aria-invalid), so screen readers read the problem with the field.
 */
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { describedBy, FieldError, FieldHint, FieldLabel } from './field-parts';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string;
  prefix?: string;
}

/** The `field-input` part (src/styles/ui-parts.css) under its old name, for the blog editor until it moves over. */
export const inputClass = 'field-input';

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, hint, error, prefix, ...input }, ref) {
  const id = useId();
  return (
    <div className="space-y-1">
      <FieldLabel htmlFor={id} required={input.required}>
        {label}
      </FieldLabel>
      <div className="flex items-center gap-1">
        {prefix && <span className="field-hint shrink-0">{prefix}</span>}
        <input ref={ref} id={id} {...describedBy(id, error, hint)} className="field-input" {...input} />
      </div>
      <FieldHint id={`${id}-hint`} hint={hint} />
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

/** Her password asked again before an account change (src/lib/auth/confirm-password.ts). */
export const CurrentPasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'label' | 'type'>>(
  function CurrentPasswordField(props, ref) {
    return <TextField ref={ref} type="password" label="いまのパスワード" autoComplete="current-password" required {...props} />;
  },
);
