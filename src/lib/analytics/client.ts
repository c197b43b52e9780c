/**
 * Page views and Core Web Vitals (LCP, INP, CLS) for PUBLIC_ANALYTICS_ENDPOINT,
 * sent with navigator.sendBeacon as text/plain JSON (no preflight, survives
 * the page being closed). Starts once the page is loaded and the browser
 * is idle; the `web-vitals` library is a separate chunk fetched only then.
 * Sends no cookies of ours, no user or account id, no query string: the
 * path, the referring site's origin and the metric, nothing else.
 */
import type { Metric } from 'web-vitals';
import { pageViewPayload, webVitalPayload } from './payload';

const endpoint: string = import.meta.env.PUBLIC_ANALYTICS_ENDPOINT ?? '';

function send(payload: object): void {
  try {
    navigator.sendBeacon(endpoint, JSON.stringify(payload));
  } catch {
    // Analytics never breaks the page.
  }
}

function whenIdle(run: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 200));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

export function startAnalytics(): void {
  if (!endpoint || typeof navigator.sendBeacon !== 'function') return;
  whenIdle(() => {
    send(pageViewPayload(location, document.referrer));
    void import('web-vitals').then(({ onCLS, onINP, onLCP }) => {
      const report = (metric: Metric) => send(webVitalPayload(metric, location.pathname));
      onLCP(report);
      onINP(report);
      onCLS(report);
    });
  });
}
