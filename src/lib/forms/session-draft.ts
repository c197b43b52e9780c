/**
 * Form drafts kept in sessionStorage, so what someone typed survives a
 * failed save and a reload of the tab. Never used for passwords.
 */
import { useEffect, useState } from 'react';

export function readDraft<T extends object>(key: string, initial: T): T {
  try {
    const stored = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Partial<T> | null;
    return stored && typeof stored === 'object' ? { ...initial, ...stored } : initial;
  } catch {
    return initial;
  }
}

export function clearDraft(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Storage off: there is no draft to clear.
  }
}

/** State that mirrors itself into sessionStorage under `key`. */
export function useSessionDraft<T extends object>(key: string, initial: T) {
  const [draft, setDraft] = useState<T>(() => readDraft(key, initial));
  useEffect(() => {
    try {
      sessionStorage.setItem(key, JSON.stringify(draft));
    } catch {
      // Storage full or off: the form still works, the draft just won't survive a reload.
    }
  }, [key, draft]);
  const update = <K extends keyof T>(field: K, value: T[K]) => setDraft((current) => ({ ...current, [field]: value }));
  return [draft, update] as const;
}
