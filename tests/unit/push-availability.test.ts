/** pushAvailability: local demo, unsupported browsers, and the full set of APIs. */
import { describe, expect, it } from 'vitest';
import { pushAvailability } from '../../src/lib/push/availability';

const fullBrowser = () => ({ navigator: { serviceWorker: {} }, Notification: class {}, PushManager: class {} });

describe('pushAvailability', () => {
  it('is available with service workers, Notification and PushManager in a configured project', () => {
    expect(pushAvailability({ messagingConfigured: true, global: fullBrowser() })).toBe('available');
  });

  it('is local-demo whenever messaging is not configured, even in a capable browser', () => {
    expect(pushAvailability({ messagingConfigured: false, global: fullBrowser() })).toBe('local-demo');
    expect(pushAvailability({ messagingConfigured: false, global: undefined })).toBe('local-demo');
  });

  it('is unsupported without any one of the three APIs', () => {
    const { navigator, Notification, PushManager } = fullBrowser();
    expect(pushAvailability({ messagingConfigured: true, global: { navigator: {}, Notification, PushManager } })).toBe('unsupported');
    expect(pushAvailability({ messagingConfigured: true, global: { navigator, PushManager } })).toBe('unsupported');
    expect(pushAvailability({ messagingConfigured: true, global: { navigator, Notification } })).toBe('unsupported');
  });

  it('is unsupported outside a browser', () => {
    expect(pushAvailability({ messagingConfigured: true, global: undefined })).toBe('unsupported');
  });

  it('is local-demo by default here: the test env has no VAPID key and a demo- project', () => {
    expect(pushAvailability()).toBe('local-demo');
  });
});
