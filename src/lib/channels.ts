import type { Channels } from '../schema/common';

export interface ChannelLink {
  key: keyof Channels;
  label: string;
  /** What to show: @handle, domain, … */
  text: string;
  href: string;
}

const ORDER: (keyof Channels)[] = ['x', 'bluesky', 'instagram', 'tiktok', 'litlink', 'website'];

/** Turns stored channel names into links, in a fixed order. */
export function channelLinks(channels: Channels): ChannelLink[] {
  return ORDER.flatMap((key): ChannelLink[] => {
    const value = channels[key];
    if (!value) return [];
    switch (key) {
      case 'x':
        return [{ key, label: 'X', text: `@${value}`, href: `https://x.com/${value}` }];
      case 'bluesky':
        return [{ key, label: 'Bluesky', text: `@${value}`, href: `https://bsky.app/profile/${value}` }];
      case 'instagram':
        return [{ key, label: 'Instagram', text: `@${value}`, href: `https://www.instagram.com/${value}/` }];
      case 'tiktok':
        return [{ key, label: 'TikTok', text: `@${value}`, href: `https://www.tiktok.com/@${value}` }];
      case 'litlink':
        return [{ key, label: 'lit.link', text: value, href: `https://lit.link/${value}` }];
      case 'website':
        return [{ key, label: 'ウェブサイト', text: value.replace(/^https:\/\//, ''), href: value }];
    }
  });
}

/**
 * What a current-account button says: the service and the handle itself
 * (「X @miu_new」), text a fan can read and copy; a button saying only
 * 「X」 does not tell which account. A label that is its own text stays one word.
 */
export function channelButtonText(label: string, text: string): string {
  return label === text ? label : `${label} ${text}`;
}
