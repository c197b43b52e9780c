/**
 * What an open notebook form holds, sealed with the notebook key into
 * sessionStorage on every change (never in clear), so a reload, a dropped
 * connection or the idle lock loses nothing she typed. After unlocking,
 * the form of the draft's route opens again with it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { clearNotebookDraft, readNotebookDraft, saveNotebookDraft } from '../../lib/notebook/session';

export interface Draft<T> {
  route: string;
  fields: T;
}

export function isDraft(value: unknown): value is Draft<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as Draft<unknown>).route === 'string' && 'fields' in value;
}

/** Form state for `route`, restored from its sealed draft when there is one. */
export function useSealedDraft<T extends object>(route: string, initial: T) {
  const [fields, setFields] = useState(initial);
  const [restored, setRestored] = useState(false);
  const touched = useRef(false);

  useEffect(() => {
    let live = true;
    void readNotebookDraft().then((draft) => {
      if (live && !touched.current && isDraft(draft) && draft.route === route && typeof draft.fields === 'object' && draft.fields) {
        setFields({ ...initial, ...(draft.fields as Partial<T>) });
        setRestored(true);
      }
    });
    return () => {
      live = false;
    };
    // The draft is read once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route]);

  const dirty = useRef(false);
  useEffect(() => {
    if (dirty.current) void saveNotebookDraft({ route, fields } satisfies Draft<T>);
  }, [route, fields]);

  const update = useCallback((patch: Partial<T>) => {
    touched.current = true;
    dirty.current = true;
    setFields((current) => ({ ...current, ...patch }));
  }, []);

  /** Drops the draft (after a save or a cancel). */
  const discard = useCallback(() => {
    touched.current = true;
    dirty.current = false;
    clearNotebookDraft();
  }, []);

  return { fields, update, restored, discard };
}
