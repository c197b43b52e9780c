/**
 * Scrolls to the element the URL's #fragment names once it appears: a
 * guarded page draws its sections after sign-in and its reads, long after
 * the browser looked for the fragment.
 */
import { useEffect } from 'react';

/** How long to wait for the section before giving up (a slow read, or no such section). */
const WAIT_MS = 10_000;

export function useHashTarget(active: boolean): void {
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (!active || !id) return;
    const reach = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView();
      return target !== null;
    };
    if (reach()) return;
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    const observer = new MutationObserver(() => {
      if (reach()) stop();
    });
    const timer = window.setTimeout(stop, WAIT_MS);
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [active]);
}
