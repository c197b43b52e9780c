/**
 * Page titles, one per page across the site: search engines read two pages
 * with one title as duplicates, and stage names repeat (two めい at one store
 * in 天神). So a profile's title carries its mark (her current X handle,
 * else her profile's slug, both unique), then where she works:
 * 「めい（@mei_xx）天神・アロマリゾート 天神店」. Pages that belong to a
 * person (her schedule, her blogs) carry the same mark.
 */
import { formatDateTime } from '../tokyo-date';

/** What a title needs of a therapist or store to tell it from a namesake. */
export interface TitledProfile {
  displayName: string;
  profileSlug: string;
  channels: { x?: string | undefined };
}

/**
 * 「@mei_xx」: her current X handle (no two accounts list the same one), else
 * her profile's slug (unique across therapists and stores), written without @
 * so it is never taken for an X handle.
 */
export function profileMark(profile: Omit<TitledProfile, 'displayName'>): string {
  return profile.channels.x ? `@${profile.channels.x}` : profile.profileSlug;
}

/** 「めい（@mei_xx）」: a name no other profile's title carries. */
export function markedName(profile: TitledProfile): string {
  return `${profile.displayName}（${profileMark(profile)}）`;
}

/** 「めい（@mei_xx）天神・アロマリゾート 天神店」, leaving out what is empty. */
export function therapistTitle(therapist: TitledProfile, area: string, storeName?: string): string {
  return `${markedName(therapist)}${[area, storeName].filter(Boolean).join('・')}`;
}

/** 「アロマリゾート新宿（@aroma_shinjuku）新宿」: chains reuse a name across and within areas. */
export function storeTitle(store: TitledProfile, name: string, area: string): string {
  return `${name}（${profileMark(store)}）${area}`;
}

/** 「めい（@mei_xx）の出勤予定」. */
export function scheduleTitle(therapist: TitledProfile): string {
  return `${markedName(therapist)}の出勤予定`;
}

/**
 * 「本日出勤します♪｜めい（@mei_xx）のブログ 2026/11/22 14:05」: the same
 * author reuses titles (「本日出勤します♪」 every day), so the time it was
 * published (Tokyo, to the minute) tells her diaries apart.
 */
export function blogTitle(title: string, author: TitledProfile, publishedAt: string): string {
  return `${title}｜${markedName(author)}のブログ ${formatDateTime(publishedAt)}`;
}
