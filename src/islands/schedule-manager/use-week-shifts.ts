/**
 * The shown week's shifts (plus the day before it): one therapist's
 * (useWeekShifts) or a store's whole roster (useRosterShifts), reloaded
 * when the week or whose shifts changes and on demand after an edit. A
 * slow answer for a week no longer shown is dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadRoster, loadWeek, type ShiftScope } from '../../lib/shifts/client';
import { shiftErrorMessage } from '../../lib/shifts/errors';

export function scopeKey(scope: ShiftScope): string {
  return scope.kind === 'store' ? `${scope.storeId}:${scope.userId}` : scope.userId;
}

/** What `load` answers for `key` (null until it has), its Japanese error, and a reload. */
function useLoaded<T>(key: string, load: () => Promise<T>) {
  const [loaded, setLoaded] = useState<{ key: string; value: T } | null>(null);
  const [error, setError] = useState('');
  const shown = useRef(key);
  // `key` stands for everything `load` reads: `load` itself is a new function on every render.
  const latestLoad = useRef(load);
  latestLoad.current = load;
  useEffect(() => {
    shown.current = key;
  }, [key]);

  const refresh = useCallback(async () => {
    try {
      const value = await latestLoad.current();
      if (shown.current === key) {
        setLoaded({ key, value });
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

  return { value: loaded?.key === key ? loaded.value : null, error, refresh };
}

export function useWeekShifts(scope: ShiftScope, week: string) {
  const { value, error, refresh } = useLoaded(`${scopeKey(scope)}|${week}`, () => loadWeek(scope, week));
  return { shifts: value, error, refresh };
}

/** The roster's shifts at store `storeId` by member id, for the seven days from `start` (plus the day before). */
export function useRosterShifts(storeId: string, userIds: readonly string[], start: string) {
  const { value, error, refresh } = useLoaded(`${storeId}:${userIds.join(',')}|${start}`, () => loadRoster(storeId, userIds, start));
  return { shiftsByMember: value, error, refresh };
}
