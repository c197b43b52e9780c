/**
 * A form's errors by field, shown with the focus on the first field (in
 * the form's order) that has one, so a keyboard or screen-reader user lands
 * on what to fix. `ref(field)` ties an input to its name.
 */
import { useRef, useState } from 'react';

export function useFieldErrors<F extends string>(order: readonly F[]) {
  const [errors, setErrors] = useState<Partial<Record<F | 'form', string>>>({});
  const inputs = useRef(new Map<F, HTMLInputElement | null>());
  const show = (found: Partial<Record<F | 'form', string>>) => {
    setErrors(found);
    const first = order.find((field) => found[field]);
    if (first) inputs.current.get(first)?.focus();
  };
  const ref = (field: F) => (input: HTMLInputElement | null) => {
    inputs.current.set(field, input);
  };
  return { errors, show, ref };
}
