/**
 * What one analytics beacon says (pure, shared by the browser code and its
 * tests). Nothing identifies a person: a path without its query, the
 * referring site's origin (only when it is another site), a metric.
 */

export interface PageViewPayload {
  type: 'pageview';
  path: string;
  /** Origin of a referring other site, '' for none or this site. */
  referrer: string;
}

export interface WebVitalPayload {
  type: 'web-vital';
  path: string;
  name: string;
  value: number;
  rating: string;
  /** web-vitals' per-page-load id (random), to merge the updates of one metric. */
  id: string;
  navigationType: string;
}

export function pageViewPayload(location: { pathname: string; origin: string }, referrer: string): PageViewPayload {
  let from = '';
  try {
    const origin = referrer ? new URL(referrer).origin : '';
    from = origin && origin !== location.origin ? origin : '';
  } catch {
    from = '';
  }
  return { type: 'pageview', path: location.pathname, referrer: from };
}

export function webVitalPayload(
  metric: { name: string; value: number; rating: string; id: string; navigationType: string },
  path: string,
): WebVitalPayload {
  return {
    type: 'web-vital',
    path,
    name: metric.name,
    value: Math.round(metric.name === 'CLS' ? metric.value * 1000 : metric.value) / (metric.name === 'CLS' ? 1000 : 1),
    rating: metric.rating,
    id: metric.id,
    navigationType: metric.navigationType,
  };
}
