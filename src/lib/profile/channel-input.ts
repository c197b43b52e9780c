/**
 * The channel fields of the profile editors: what a person types or pastes
 * (`@Miu_0312`, `https://x.com/miu_0312?s=20`, `ｍｉｕ`) folded to the stored
 * form of src/schema/common.ts `channels` (account names in lower case,
 * without @ or URL), and one Japanese message per field when it cannot be.
 * Pure, so the unit tests cover it directly.
 */
import type { Channels } from '../../schema/common';
import { normalizeHandle } from '../handles';

export type ChannelKey = keyof Channels;
export const CHANNEL_KEYS = ['x', 'bluesky', 'instagram', 'tiktok', 'litlink', 'website'] as const satisfies readonly ChannelKey[];
/** The channels as the form holds them: every key, '' when not given. */
export type ChannelDraft = Record<ChannelKey, string>;
export type ChannelErrors = Partial<Record<ChannelKey, string>>;

export const EMPTY_CHANNELS: ChannelDraft = { x: '', bluesky: '', instagram: '', tiktok: '', litlink: '', website: '' };

export interface ChannelField {
  label: string;
  placeholder: string;
  hint: string;
}

export const CHANNEL_FIELDS: Record<ChannelKey, ChannelField> = {
  x: { label: 'X のユーザー名', placeholder: 'miu_0312', hint: '@ のあとの部分です。プロフィールの URL を貼り付けても構いません。' },
  bluesky: { label: 'Bluesky のハンドル', placeholder: 'miu.bsky.social', hint: '「miu.bsky.social」のような、ドットを含む形です。' },
  instagram: { label: 'Instagram のユーザー名', placeholder: 'miu.relax', hint: '@ のあとの部分です。' },
  tiktok: { label: 'TikTok のユーザー名', placeholder: 'miu_relax', hint: '@ のあとの部分です。' },
  litlink: { label: 'lit.link のユーザー名', placeholder: 'miu', hint: 'lit.link/ のあとの部分です。' },
  website: { label: 'ウェブサイト', placeholder: 'https://example.com', hint: 'https:// で始まる URL です。' },
};

/** Hosts whose profile URLs are folded to the account name, with the path part before the name. */
const URL_FORMS: Partial<Record<ChannelKey, { hosts: string[]; before: RegExp }>> = {
  x: { hosts: ['x.com', 'twitter.com', 'mobile.twitter.com', 'mobile.x.com'], before: /^/ },
  bluesky: { hosts: ['bsky.app'], before: /^profile\// },
  instagram: { hosts: ['instagram.com'], before: /^/ },
  tiktok: { hosts: ['tiktok.com', 'm.tiktok.com'], before: /^/ },
  litlink: { hosts: ['lit.link'], before: /^(?:(?:ja|en)\/)?/ },
};

/** The account name out of a pasted profile URL, or the input itself when it is not one. */
function nameFromUrl(key: ChannelKey, value: string): string {
  const form = URL_FORMS[key];
  if (!form) return value;
  const match = /^(?:https?:\/\/)?(?:www\.)?([^/?#\s]+)\/([^?#]*)/i.exec(value);
  if (!match || !form.hosts.includes(match[1]!.toLowerCase())) return value;
  const rest = match[2]!.replace(form.before, '');
  return rest.split('/')[0] ?? '';
}

/** The stored form of one typed channel value ('' stays ''). */
export function normalizeChannel(key: ChannelKey, input: string): string {
  const value = input.normalize('NFKC').trim();
  if (value === '') return '';
  if (key === 'website') {
    // A bare domain (example.com/shop) gets https://; anything with a scheme keeps it.
    const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || !/^[^\s/:]+\.[^\s/]+/.test(value) ? value : `https://${value}`;
    return withScheme.replace(/^https:\/\//i, 'https://').replace(/^http:\/\//i, 'http://');
  }
  return normalizeHandle(nameFromUrl(key, value));
}

/** Allowed characters (checked first: a wrong character says more than a length) and lengths, as in the schema. */
const RULES: Record<Exclude<ChannelKey, 'website'>, { charset: RegExp; min: number; max: number; chars: string }> = {
  x: { charset: /^[a-z0-9_]*$/, min: 1, max: 15, chars: '半角英数字とアンダースコア（_）' },
  bluesky: { charset: /^[a-z0-9.-]*$/, min: 3, max: 253, chars: '半角英数字・ドット（.）・ハイフン（-）' },
  instagram: { charset: /^[a-z0-9._]*$/, min: 1, max: 30, chars: '半角英数字・ドット（.）・アンダースコア（_）' },
  tiktok: { charset: /^[a-z0-9._]*$/, min: 2, max: 24, chars: '半角英数字・ドット（.）・アンダースコア（_）' },
  litlink: { charset: /^[a-z0-9_-]*$/, min: 1, max: 40, chars: '半角英数字・アンダースコア（_）・ハイフン（-）' },
};

const NAME_OF: Record<ChannelKey, string> = {
  x: 'X のユーザー名',
  bluesky: 'Bluesky のハンドル',
  instagram: 'Instagram のユーザー名',
  tiktok: 'TikTok のユーザー名',
  litlink: 'lit.link のユーザー名',
  website: 'ウェブサイトの URL',
};

/** Japanese reason a website URL (already normalised) cannot be stored, or null. */
export function websiteProblem(url: string): string | null {
  if (url === '') return null;
  if (/^http:\/\//.test(url)) return 'https:// で始まる URL を入力してください（http:// は使えません）。';
  if (url.length > 500) return 'URL は 500 文字以内にしてください。';
  if (!/^https:\/\/\S+$/.test(url)) return 'URL の形式が正しくありません。https:// で始まる URL を入力してください。';
  try {
    const parsed = new URL(url);
    if (!parsed.hostname.includes('.')) throw new Error('no domain');
  } catch {
    return 'URL の形式が正しくありません。https:// で始まる URL を入力してください。';
  }
  return null;
}

/** Japanese reason a normalised channel value cannot be stored, or null ('' is fine: the channel is left out). */
export function channelProblem(key: ChannelKey, value: string): string | null {
  if (value === '') return null;
  if (key === 'website') return websiteProblem(value);
  const rule = RULES[key];
  const name = NAME_OF[key];
  if (!rule.charset.test(value)) return `${name}に使えるのは${rule.chars}だけです。`;
  if (key === 'bluesky' && !value.includes('.')) {
    return 'Bluesky のハンドルは「miu.bsky.social」のように、ドットを含めて入力してください。';
  }
  if (value.length > rule.max) return `${name}は ${rule.max} 文字以内です。`;
  if (value.length < rule.min) return `${name}は ${rule.min} 文字以上です。`;
  return null;
}

/** The channels to store (empty ones left out) and a message for each field that cannot be stored. */
export function channelsFromDraft(
  draft: ChannelDraft,
  keys: readonly ChannelKey[] = CHANNEL_KEYS,
): { channels: Channels; errors: ChannelErrors } {
  const channels: Channels = {};
  const errors: ChannelErrors = {};
  for (const key of keys) {
    const value = normalizeChannel(key, draft[key] ?? '');
    const problem = channelProblem(key, value);
    if (problem) errors[key] = problem;
    else if (value !== '') channels[key] = value;
  }
  return { channels, errors };
}

/** The form's view of stored channels (unknown or non-string values are dropped). */
export function channelsToDraft(channels: unknown): ChannelDraft {
  const draft = { ...EMPTY_CHANNELS };
  if (channels && typeof channels === 'object') {
    for (const key of CHANNEL_KEYS) {
      const value = (channels as Record<string, unknown>)[key];
      if (typeof value === 'string') draft[key] = value;
    }
  }
  return draft;
}
