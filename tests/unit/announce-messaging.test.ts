/** scripts/lib/messaging.ts with a stand-in Messaging: payload, chunks, dead tokens. */
import type { BatchResponse, MulticastMessage } from 'firebase-admin/messaging';
import { describe, expect, it, vi } from 'vitest';
import {
  MULTICAST_LIMIT,
  buildPushMessage,
  chunk,
  pushTargetOf,
  sendPush,
  type MessagingSender,
  type PushTarget,
} from '../../scripts/lib/messaging';

const content = { title: 'お知らせ', body: '本文', link: '/therapists/miu' };

/** A Messaging whose answer per token comes from `outcome` (undefined = success). */
function stubMessaging(outcome: (token: string) => string | undefined = () => undefined) {
  const messages: MulticastMessage[] = [];
  const messaging = {
    sendEachForMulticast: vi.fn(async (message: MulticastMessage): Promise<BatchResponse> => {
      messages.push(message);
      const responses = message.tokens.map((token) => {
        const code = outcome(token);
        return code
          ? { success: false, error: { code, message: code } as unknown as NonNullable<BatchResponse['responses'][number]['error']> }
          : { success: true, messageId: `m-${token}` };
      });
      const successCount = responses.filter((r) => r.success).length;
      return { responses, successCount, failureCount: responses.length - successCount };
    }),
  };
  return { messaging: messaging as MessagingSender & typeof messaging, messages };
}

function targets(tokens: string[]) {
  const removed: string[] = [];
  const list: PushTarget[] = tokens.map((token) => ({ token, remove: async () => void removed.push(token) }));
  return { list, removed };
}

describe('buildPushMessage', () => {
  it('puts title and body in the notification and the link in data', () => {
    expect(buildPushMessage(content, undefined)).toEqual({
      notification: { title: 'お知らせ', body: '本文' },
      data: { link: '/therapists/miu' },
    });
  });

  it('adds webpush.fcmOptions.link as an absolute URL when the site URL is https', () => {
    expect(buildPushMessage(content, 'https://theralink.example').webpush).toEqual({
      fcmOptions: { link: 'https://theralink.example/therapists/miu' },
    });
  });

  it('leaves fcmOptions out for an http site URL (FCM accepts https only)', () => {
    expect(buildPushMessage(content, 'http://127.0.0.1:5050').webpush).toBeUndefined();
  });

  it('keeps an https link as it is, with or without a site URL', () => {
    const external = { ...content, link: 'https://example.com/a' };
    expect(buildPushMessage(external, undefined)).toMatchObject({
      data: { link: 'https://example.com/a' },
      webpush: { fcmOptions: { link: 'https://example.com/a' } },
    });
  });

  it('links an announcement without a link to /announcements', () => {
    expect(buildPushMessage({ ...content, link: '' }, 'https://theralink.example')).toMatchObject({
      data: { link: '/announcements' },
      webpush: { fcmOptions: { link: 'https://theralink.example/announcements' } },
    });
  });

  it('reads PUBLIC_SITE_URL by default', () => {
    vi.stubEnv('PUBLIC_SITE_URL', 'https://from-env.example');
    try {
      expect(buildPushMessage(content).webpush?.fcmOptions?.link).toBe('https://from-env.example/therapists/miu');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('chunk', () => {
  it('splits into pieces of at most the size, in order', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 500)).toEqual([]);
  });

  it('refuses a size below 1', () => {
    expect(() => chunk([1], 0)).toThrow(RangeError);
  });
});

describe('sendPush', () => {
  it('sends 1201 tokens in calls of 500, 500 and 201, each with the payload', async () => {
    const { messaging, messages } = stubMessaging();
    const tokens = Array.from({ length: 1201 }, (_, i) => `t${i}`);
    const report = await sendPush(messaging, targets(tokens).list, content, 'https://theralink.example');
    expect(MULTICAST_LIMIT).toBe(500);
    expect(messages.map((m) => m.tokens.length)).toEqual([500, 500, 201]);
    expect(messages.flatMap((m) => m.tokens)).toEqual(tokens);
    for (const message of messages) {
      expect(message).toMatchObject({ notification: { title: 'お知らせ', body: '本文' }, data: { link: '/therapists/miu' } });
    }
    expect(report).toEqual({ sent: 1201, failed: 0, removed: 0 });
  });

  it('makes no call without tokens', async () => {
    const { messaging } = stubMessaging();
    expect(await sendPush(messaging, [], content)).toEqual({ sent: 0, failed: 0, removed: 0 });
    expect(messaging.sendEachForMulticast).not.toHaveBeenCalled();
  });

  it('deletes the records of unregistered and invalid tokens, and only counts other errors', async () => {
    const codes: Record<string, string> = {
      gone: 'messaging/registration-token-not-registered',
      bad: 'messaging/invalid-registration-token',
      busy: 'messaging/server-unavailable',
      quota: 'messaging/message-rate-exceeded',
      other: 'messaging/invalid-argument',
    };
    const { messaging } = stubMessaging((token) => codes[token]);
    const { list, removed } = targets(['ok1', 'gone', 'bad', 'busy', 'quota', 'other', 'ok2']);
    expect(await sendPush(messaging, list, content)).toEqual({ sent: 2, failed: 3, removed: 2 });
    expect(removed.sort()).toEqual(['bad', 'gone']);
  });

  it('sends a token stored for two users once, and removes both records when it is dead', async () => {
    const { messaging, messages } = stubMessaging(() => 'messaging/registration-token-not-registered');
    const removed: string[] = [];
    const shared = (user: string): PushTarget => ({ token: 'same', remove: async () => void removed.push(user) });
    const report = await sendPush(messaging, [shared('u1'), shared('u2')], content);
    expect(messages[0]!.tokens).toEqual(['same']);
    expect(removed).toEqual(['u1', 'u2']);
    expect(report.removed).toBe(2);
  });

  it('removes dead tokens found in a later chunk too', async () => {
    const { messaging } = stubMessaging((token) => (token === 't700' ? 'messaging/invalid-registration-token' : undefined));
    const { list, removed } = targets(Array.from({ length: 800 }, (_, i) => `t${i}`));
    expect(await sendPush(messaging, list, content)).toEqual({ sent: 799, failed: 0, removed: 1 });
    expect(removed).toEqual(['t700']);
  });

  it('lets a call that fails as a whole propagate', async () => {
    const messaging = { sendEachForMulticast: vi.fn(async () => Promise.reject(new Error('app/invalid-credential'))) };
    await expect(sendPush(messaging as unknown as MessagingSender, targets(['a']).list, content)).rejects.toThrow('app/invalid-credential');
  });
});

describe('pushTargetOf', () => {
  it('reads the token from the slot doc’s field (the id is the slot) and deletes that doc', async () => {
    const deleted: string[] = [];
    const slotDoc = (id: string, data: Record<string, unknown>) => ({
      get: (field: string) => data[field],
      ref: { delete: async () => void deleted.push(id) },
    });
    const target = pushTargetOf(slotDoc('3', { token: 'tok-xyz' }));
    expect(target?.token).toBe('tok-xyz');
    await target?.remove();
    expect(deleted).toEqual(['3']);
    expect(pushTargetOf(slotDoc('1', {}))).toBeNull();
    expect(pushTargetOf(slotDoc('2', { token: '' }))).toBeNull();
  });
});
