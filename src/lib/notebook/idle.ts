/**
 * Forgets the notebook key after a stretch without interaction. Activity is
 * any pointer, key, wheel or touch event; the check also runs when the tab
 * becomes visible again, since timers sleep in background tabs.
 */

/** 15 minutes without interaction locks the notebook (SPEC "customers"). */
export const IDLE_LOCK_MS = 15 * 60 * 1000;

const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'input'] as const;

/** What the watch listens on (window and document; plain objects in tests). */
export interface ListenerTarget {
  addEventListener(type: string, listener: () => void, options?: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: () => void, options?: EventListenerOptions): void;
}

export interface IdleWatchOptions {
  idleMs?: number;
  now?: () => number;
  target?: ListenerTarget;
  visibility?: ListenerTarget;
  checkEveryMs?: number;
}

/** Calls `onIdle` once after `idleMs` without activity; returns the stop function. */
export function watchIdle(onIdle: () => void, options: IdleWatchOptions = {}): () => void {
  const { idleMs = IDLE_LOCK_MS, now = Date.now, target = window, visibility = document, checkEveryMs = 15_000 } = options;
  let last = now();
  let fired = false;
  const active = () => {
    last = now();
  };
  const check = () => {
    if (!fired && now() - last >= idleMs) {
      fired = true;
      onIdle();
    }
  };
  for (const type of ACTIVITY) target.addEventListener(type, active, { passive: true, capture: true });
  visibility.addEventListener('visibilitychange', check);
  const timer = setInterval(check, Math.min(checkEveryMs, idleMs));
  return () => {
    clearInterval(timer);
    for (const type of ACTIVITY) target.removeEventListener(type, active, { capture: true });
    visibility.removeEventListener('visibilitychange', check);
  };
}
