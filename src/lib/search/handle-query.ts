/**
 * Reads an X handle out of whatever a fan pastes into search: `@miu_0312`,
 * `ＭＩＵ＿０３１２` typed on a Japanese keyboard, ` miu_0312 `, or a profile
 * link copied from an old post (`https://x.com/miu_0312/status/1?s=20`,
 * `twitter.com/miu_0312/`, `mobile.twitter.com/Miu_0312`).
 */
import { X_HANDLE_PATTERN, normalizeHandle } from '../handles';

export interface HandleQuery {
  /** The handle in stored form (lower case, no @). */
  handle: string;
  /**
   * How sure we are that a handle was meant: `explicit` for an @, a
   * profile URL or a word with digits or underscores (answer from the
   * handle index only), `bare` for a plain word of letters that could also
   * be a name or a store (answer from the index when it is registered,
   * else search the text).
   */
  certainty: 'explicit' | 'bare';
}

const X_HOSTS = new Set(['x.com', 'twitter.com', 'mobile.twitter.com', 'mobile.x.com', 'www.x.com', 'www.twitter.com']);

/** First path segments of x.com that are pages, not people. */
const NOT_PROFILES = new Set([
  'home',
  'search',
  'explore',
  'i',
  'intent',
  'hashtag',
  'settings',
  'messages',
  'notifications',
  'login',
  'logout',
  'signup',
  'share',
  'compose',
  'tos',
  'privacy',
  'account',
]);

/** The handle of an x.com / twitter.com profile URL, or null when the text is no such URL. */
function handleFromUrl(text: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (!['http:', 'https:'].includes(url.protocol) || !X_HOSTS.has(url.hostname.toLowerCase())) return null;
  const first = url.pathname.split('/').find((segment) => segment !== '');
  if (!first) return null;
  const handle = normalizeHandle(decodeURIComponentSafely(first));
  return !NOT_PROFILES.has(handle) && X_HANDLE_PATTERN.test(handle) ? handle : null;
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The handle a query names, or null when it is not handle-shaped (a name, a store, a sentence). */
export function parseHandleQuery(input: string): HandleQuery | null {
  const text = input.normalize('NFKC').trim();
  if (!text) return null;
  if (/^(https?:\/\/)?(www\.|mobile\.)?(x|twitter)\.com\//i.test(text)) {
    const handle = handleFromUrl(text);
    return handle ? { handle, certainty: 'explicit' } : null;
  }
  const handle = normalizeHandle(text);
  if (!X_HANDLE_PATTERN.test(handle)) return null;
  return { handle, certainty: text.startsWith('@') || /[0-9_]/.test(handle) ? 'explicit' : 'bare' };
}
