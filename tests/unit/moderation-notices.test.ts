/**
 * Who a moderation decision tells (scripts/moderation/notices.ts): each
 * person once, with the notice her part in it calls for, linking to where
 * she manages her handles.
 */
import { describe, expect, it } from 'vitest';
import { revokeNotices, transferNotices, verifyNotices, type Party } from '../../scripts/moderation/notices';

const miu: Party = { uid: 'miu', type: 'therapist' };
const mallory: Party = { uid: 'mallory', type: 'therapist' };
const shop: Party = { uid: 'shop', type: 'store' };
const who = (notices: { userId: string; title: string; link: string }[]) => notices.map(({ userId, title, link }) => [userId, title, link]);

describe('moderation notices', () => {
  it('a transfer tells the new holder, the old one and every other claimant once', () => {
    // Miu and the shop each disputed (the shop twice, from two slots); mallory held it.
    const notices = transferNotices('miu_old', mallory, miu, [miu, shop, shop, mallory]);
    expect(who(notices)).toEqual([
      ['miu', '@miu_old があなたの旧アカウントになりました', '/profile'],
      ['mallory', '@miu_old はあなたの旧アカウントから外れました', '/profile'],
      ['shop', '@miu_old への申し立ての結果', '/store-profile'],
    ]);
    expect(notices[2]!.body).toContain('別の方の旧アカウントとして登録されました');
  });

  it('a holder who also disputed her own handle is told once, as its holder', () => {
    expect(who(verifyNotices('miu_old', miu, [miu]))).toEqual([['miu', '@miu_old が運営確認済みになりました', '/profile']]);
    expect(who(revokeNotices('miu_old', 'former', shop, [shop, miu]))).toEqual([
      ['shop', '@miu_old の登録を取り消しました', '/store-profile'],
      ['miu', '@miu_old への申し立ての結果', '/profile'],
    ]);
  });
});
