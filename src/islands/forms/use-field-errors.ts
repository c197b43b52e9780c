/**
 * A form's errors by field, shown with the focus on the first field (in
 * the form's order) that has one, so a keyboard or screen-reader user lands
 * on what to fix. `ref(field)` ties an input to its name; `send` runs a
 * submission after the form's own checks.
 */
import { useRef, useState } from 'react';

export function useFieldErrors<F extends string>(order: readonly F[]) {
  type Errors = Partial<Record<F | 'form', string>>;
  const [errors, setErrors] = useState<Errors>({});
  const inputs = useRef(new Map<F, HTMLInputElement | null>());
  const show = (found: Errors) => {
    setErrors(found);
    const first = order.find((field) => found[field]);
    if (first) inputs.current.get(first)?.focus();
  };
  const ref = (field: F) => (input: HTMLInputElement | null) => {
    inputs.current.set(field, input);
  };
  const [busy, setBusy] = useState(false);
  /**
   * Shows the form's own findings; when there are none, runs `action` (busy
   * meanwhile) and shows a refusal at its field as `refused` reads it.
   */
  const send = async (found: Errors, action: () => Promise<void>, refused: (error: unknown) => Errors) => {
    show(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await action();
    } catch (error) {
      show(refused(error));
    } finally {
      setBusy(false);
    }
  };
  return { errors, show, ref, busy, send };
}
