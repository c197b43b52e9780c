import { describe, expect, it } from 'vitest';
import { pageViewPayload, webVitalPayload } from '../../src/lib/analytics/payload';

const here = { pathname: '/profile/miu', origin: 'https://theralink.example' };

describe('analytics payloads', () => {
  it('say the path and another site that referred, nothing else', () => {
    expect(pageViewPayload(here, 'https://t.co/abc?x=1')).toEqual({ type: 'pageview', path: '/profile/miu', referrer: 'https://t.co' });
    expect(pageViewPayload(here, 'https://theralink.example/search?q=miu').referrer).toBe('');
    expect(pageViewPayload(here, '').referrer).toBe('');
    expect(pageViewPayload(here, 'not a url').referrer).toBe('');
  });

  it('round web-vitals to what matters', () => {
    const metric = { name: 'CLS', value: 0.123456, rating: 'needs-improvement', id: 'v5-1', navigationType: 'navigate' };
    expect(webVitalPayload(metric, '/').value).toBe(0.123);
    expect(webVitalPayload({ ...metric, name: 'LCP', value: 1234.56 }, '/').value).toBe(1235);
  });
});
