/**
 * Focus an element once it can take focus: after the next render, or the
 * first later one in which it exists and is not disabled (buttons are
 * disabled while saving, and a disabled button cannot be focused).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** Returns request(get): focus get()'s element as soon as it exists and is enabled. */
export function useFocusLater() {
  const target = useRef<(() => HTMLElement | null | undefined) | null>(null);
  const [, rerender] = useState(0);
  useEffect(() => {
    const element = target.current?.();
    if (!element || (element as HTMLButtonElement).disabled) return;
    target.current = null;
    element.focus();
  });
  return useCallback((get: () => HTMLElement | null | undefined) => {
    target.current = get;
    rerender((count) => count + 1);
  }, []);
}
