import { describe, expect, it } from 'vitest';
import {
  channelProblem,
  channelsFromDraft,
  channelsToDraft,
  EMPTY_CHANNELS,
  normalizeChannel,
  websiteProblem,
} from '../../src/lib/profile/channel-input';
import { channels as channelsSchema } from '../../src/schema/common';

describe('normalizeChannel', () => {
  it.each([
    ['x', '@Miu_0312', 'miu_0312'],
    ['x', '＠ｍｉｕ＿０３１２', 'miu_0312'],
    ['x', ' https://x.com/Miu_0312?s=20 ', 'miu_0312'],
    ['x', 'twitter.com/miu_0312/status/1', 'miu_0312'],
    ['x', 'https://mobile.twitter.com/@miu', 'miu'],
    ['bluesky', '@Miu.bsky.social', 'miu.bsky.social'],
    ['bluesky', 'https://bsky.app/profile/miu.bsky.social', 'miu.bsky.social'],
    ['instagram', 'https://www.instagram.com/Miu.Relax/?hl=ja', 'miu.relax'],
    ['instagram', '@miu.relax', 'miu.relax'],
    ['tiktok', 'https://www.tiktok.com/@miu_relax?lang=ja', 'miu_relax'],
    ['tiktok', '@Miu_Relax', 'miu_relax'],
    ['litlink', 'https://lit.link/Miu', 'miu'],
    ['litlink', 'lit.link/en/miu', 'miu'],
    ['website', 'example.com/shop', 'https://example.com/shop'],
    ['website', 'HTTPS://example.com/Shop', 'https://example.com/Shop'],
    ['website', 'http://example.com', 'http://example.com'],
    ['x', '   ', ''],
  ] as const)('%s: %j → %j', (key, input, stored) => {
    expect(normalizeChannel(key, input)).toBe(stored);
  });

  it('leaves a URL of another site as typed (so the problem is reported, not hidden)', () => {
    expect(normalizeChannel('x', 'https://example.com/miu')).toBe('https://example.com/miu');
    expect(channelProblem('x', normalizeChannel('x', 'https://example.com/miu'))).toContain('半角英数字');
  });
});

describe('channelProblem', () => {
  it('accepts every stored form and an empty value', () => {
    expect(channelProblem('x', 'miu_0312')).toBeNull();
    expect(channelProblem('bluesky', 'miu.bsky.social')).toBeNull();
    expect(channelProblem('instagram', 'miu.relax')).toBeNull();
    expect(channelProblem('tiktok', 'miu_relax')).toBeNull();
    expect(channelProblem('litlink', 'miu-relax')).toBeNull();
    expect(channelProblem('website', 'https://example.com')).toBeNull();
    expect(channelProblem('x', '')).toBeNull();
  });

  it.each([
    ['x', 'a'.repeat(16), 'X のユーザー名は 15 文字以内です。'],
    ['x', 'みう', 'X のユーザー名に使えるのは半角英数字とアンダースコア（_）だけです。'],
    ['bluesky', 'miu', 'Bluesky のハンドルは「miu.bsky.social」のように、ドットを含めて入力してください。'],
    ['bluesky', 'miu_0312.bsky.social', 'Bluesky のハンドルに使えるのは半角英数字・ドット（.）・ハイフン（-）だけです。'],
    ['instagram', 'a'.repeat(31), 'Instagram のユーザー名は 30 文字以内です。'],
    ['tiktok', 'a', 'TikTok のユーザー名は 2 文字以上です。'],
    ['litlink', 'miu.relax', 'lit.link のユーザー名に使えるのは半角英数字・アンダースコア（_）・ハイフン（-）だけです。'],
  ] as const)('%s %j: %s', (key, value, message) => {
    expect(channelProblem(key, value)).toBe(message);
  });
});

describe('websiteProblem', () => {
  it('asks for https', () => {
    expect(websiteProblem('http://example.com')).toBe('https:// で始まる URL を入力してください（http:// は使えません）。');
  });
  it('refuses what is not a URL', () => {
    expect(websiteProblem('https://exa mple.com')).toContain('URL の形式が正しくありません');
    expect(websiteProblem('javascript:alert(1)')).toContain('URL の形式が正しくありません');
    expect(websiteProblem('https://localhost')).toContain('URL の形式が正しくありません');
  });
  it('refuses more than 500 characters', () => {
    expect(websiteProblem(`https://example.com/${'a'.repeat(500)}`)).toBe('URL は 500 文字以内にしてください。');
  });
});

describe('channelsFromDraft', () => {
  it('stores normalised values, leaves empty ones out, and passes the schema', () => {
    const { channels, errors } = channelsFromDraft({
      ...EMPTY_CHANNELS,
      x: '@Miu_0312',
      instagram: 'https://www.instagram.com/miu.relax/',
      website: 'miu.example',
    });
    expect(errors).toEqual({});
    expect(channels).toEqual({ x: 'miu_0312', instagram: 'miu.relax', website: 'https://miu.example' });
    expect(channelsSchema.safeParse(channels).success).toBe(true);
  });

  it('reports each bad field and keeps the good ones', () => {
    const { channels, errors } = channelsFromDraft({ ...EMPTY_CHANNELS, x: 'みう', tiktok: 'miu_relax', website: 'http://miu.example' });
    expect(Object.keys(errors).sort()).toEqual(['website', 'x']);
    expect(channels).toEqual({ tiktok: 'miu_relax' });
  });

  it('looks only at the keys asked for', () => {
    const { channels, errors } = channelsFromDraft({ ...EMPTY_CHANNELS, x: 'miu', website: 'not a url' }, ['x']);
    expect(errors).toEqual({});
    expect(channels).toEqual({ x: 'miu' });
  });
});

describe('channelsToDraft', () => {
  it('fills every key and drops unknown or non-text values', () => {
    expect(channelsToDraft({ x: 'miu', myspace: 'miu', tiktok: 3 })).toEqual({ ...EMPTY_CHANNELS, x: 'miu' });
    expect(channelsToDraft(undefined)).toEqual(EMPTY_CHANNELS);
  });
});
