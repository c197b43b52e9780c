/**
 * The shown week's shifts (plus the day before it), reloaded when the week
 * or the therapist changes and on demand after an edit. A slow answer for
 * a week no longer shown is dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadWeek, type ShiftScope } from '../../lib/shifts/client';
import { shiftErrorMessage } from '../../lib/shifts/errors';
import type { Shift } from '../../lib/shifts/shift';

export function scopeKey(scope: ShiftScope): string {
  return scope.kind === 'store' ? `${scope.storeId}:${scope.userId}` : scope.userId;
}

export function useWeekShifts(scope: ShiftScope, week: string) {
  const key = `${scopeKey(scope)}|${week}`;
  const [loaded, setLoaded] = useState<{ key: string; shifts: Shift[] } | null>(null);
  const [error, setError] = useState('');
  const shown = useRef(key);
  useEffect(() => {
    shown.current = key;
  }, [key]);

  // `key` stands for `scope` and `week`: the scope object is new on every render.
  const refresh = useCallback(async () => {
    try {
      const shifts = await loadWeek(scope, week);
      if (shown.current === key) {
        setLoaded({ key, shifts });
        setError('');
      }
    } catch (failure) {
      if (shown.current === key) setError(shiftErrorMessage(failure, 'load'));
    }
  }, [key]);

  useEffect(() => {
    setError('');
    void refresh();
  }, [refresh]);

  return { shifts: loaded?.key === key ? loaded.shifts : null, error, refresh };
}
