/**
 * The profile editors' model: the form's draft (what the fields hold, as
 * typed), the draft made from a stored document, and the validation that
 * turns a draft into exactly the editable schema keys or a Japanese
 * message per field. Pure, so the unit tests cover it directly. It mirrors
 * src/schema/accounts.ts and stores.ts rule for rule (the unit tests hold
 * every accepted draft to those zod schemas) instead of importing them:
 * zod would add about 13 KB gzip to the editor island.
 */
import { areaProblem, isArea, type Area } from '../areas';
import { courseRowsFromDoc, validateCourseMenu, type CourseRow, type OptionRow } from '../course-menu/form';
import type { AccountDoc } from '../../schema/accounts';
import type { StoreDoc } from '../../schema/stores';
import { normalizeSlug, slugProblem } from '../slugs';
import {
  CHANNEL_KEYS,
  channelsFromDraft,
  channelsToDraft,
  normalizeChannel,
  websiteProblem,
  type ChannelDraft,
  type ChannelKey,
} from './channel-input';
import { parseTags, tagsProblem, tagsToText } from './tag-input';

export interface TherapistDraft {
  displayName: string;
  profileSlug: string;
  bio: string;
  area: string;
  /** '' for 所属店舗なし. */
  storeId: string;
  /** The tags as typed, separated by commas or spaces. */
  tags: string;
  channels: ChannelDraft;
  published: boolean;
}

export interface StoreDraft {
  displayName: string;
  storeName: string;
  profileSlug: string;
  description: string;
  area: string;
  address: string;
  nearestStation: string;
  hours: string;
  website: string;
  /** `website` is not used: a store's site is the top-level `website`. */
  channels: ChannelDraft;
  /** The course menu's rows as typed (src/lib/course-menu/form.ts). */
  courses: CourseRow[];
  options: OptionRow[];
  published: boolean;
}

export type TherapistValues = Pick<AccountDoc, 'displayName' | 'profileSlug' | 'bio' | 'area' | 'tags' | 'channels' | 'published'> & {
  /** The store she asks to join: storeRequests/{uid}, saved with the profile (not a profile field). */
  storeId: string | null;
};
export type StoreValues = Pick<
  StoreDoc,
  | 'displayName'
  | 'storeName'
  | 'profileSlug'
  | 'description'
  | 'area'
  | 'address'
  | 'nearestStation'
  | 'hours'
  | 'website'
  | 'channels'
  | 'published'
> &
  Required<Pick<StoreDoc, 'courses' | 'options'>>;

/** Field name (as in the inputs' `name`, `channels.x` for a channel) → Japanese message. */
export type FormErrors = Record<string, string>;

export const LIMITS = {
  displayName: 40,
  storeName: 60,
  bio: 2000,
  description: 2000,
  address: 120,
  nearestStation: 40,
  hours: 60,
} as const;

/** The channels a store edits: its website has a field of its own. */
export const STORE_CHANNEL_KEYS = CHANNEL_KEYS.filter((key) => key !== 'website');

const channelFields = (keys: readonly ChannelKey[]) => keys.map((key) => `channels.${key}`);

/** The order fields appear in, so the first problem can take the focus. */
export const THERAPIST_FIELD_ORDER = [
  'displayName',
  'profileSlug',
  'bio',
  'area',
  'storeId',
  'tags',
  ...channelFields(CHANNEL_KEYS),
  'published',
];
export const STORE_FIELD_ORDER = [
  'storeName',
  'displayName',
  'profileSlug',
  'description',
  'area',
  'address',
  'nearestStation',
  'hours',
  'website',
  ...channelFields(STORE_CHANNEL_KEYS),
  // The course menu's fields (courses.0.minutes…) come in page order after these.
  'courses',
  'options',
  'published',
];

export const PUBLISH_NEEDS_VERIFICATION = '公開するには、メールアドレスの確認が必要です。';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The draft of her stored profile and the store her request names (null: none). */
export function therapistDraftFromDoc(data: Record<string, unknown>, storeId: string | null): TherapistDraft {
  return {
    displayName: text(data.displayName),
    profileSlug: text(data.profileSlug),
    bio: text(data.bio),
    area: text(data.area),
    storeId: storeId ?? '',
    tags: tagsToText(Array.isArray(data.tags) ? data.tags.filter((tag): tag is string => typeof tag === 'string') : []),
    channels: channelsToDraft(data.channels),
    published: data.published === true,
  };
}

export function storeDraftFromDoc(data: Record<string, unknown>): StoreDraft {
  const channels = channelsToDraft(data.channels);
  return {
    displayName: text(data.displayName),
    storeName: text(data.storeName),
    profileSlug: text(data.profileSlug),
    description: text(data.description),
    area: text(data.area),
    address: text(data.address),
    nearestStation: text(data.nearestStation),
    hours: text(data.hours),
    // A site kept among the channels moves to the store's own website field.
    website: text(data.website) || channels.website,
    channels: { ...channels, website: '' },
    ...courseRowsFromDoc(data),
    published: data.published === true,
  };
}

/** True when two drafts hold the same values (key order aside). */
export function sameDraft(a: object, b: object): boolean {
  return stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

interface CheckContext {
  /** The signed-in user's email is verified (publishing needs it). */
  emailVerified: boolean;
}

export type Validated<T> = { ok: true; values: T } | { ok: false; errors: FormErrors };

function checkText(errors: FormErrors, field: string, value: string, label: string, max: number, required = false) {
  if (required && value === '') errors[field] = `${label}を入力してください。`;
  else if (value.length > max) errors[field] = `${label}は ${max} 文字以内にしてください（いま ${value.length} 文字）。`;
}

function checkSlug(errors: FormErrors, slug: string) {
  const problem = slugProblem(slug);
  if (problem) errors.profileSlug = problem;
}

/** The draft's area when it is one of the vocabulary; else null, with the prompt to choose one. */
function checkArea(errors: FormErrors, area: string): Area | null {
  const problem = areaProblem(area);
  if (problem) errors.area = problem;
  return isArea(area) ? area : null;
}

function checkPublished(errors: FormErrors, published: boolean, context: CheckContext) {
  if (published && !context.emailVerified) errors.published = PUBLISH_NEEDS_VERIFICATION;
}

function addChannelErrors(errors: FormErrors, channelErrors: Partial<Record<ChannelKey, string>>) {
  for (const [key, message] of Object.entries(channelErrors)) errors[`channels.${key}`] = message;
}

function result<T>(values: T, errors: FormErrors): Validated<T> {
  return Object.keys(errors).length === 0 ? { ok: true, values } : { ok: false, errors };
}

export function validateTherapist(draft: TherapistDraft, context: CheckContext): Validated<TherapistValues> {
  const errors: FormErrors = {};
  const displayName = draft.displayName.trim();
  const bio = draft.bio.trim();
  const profileSlug = normalizeSlug(draft.profileSlug);
  const tags = parseTags(draft.tags);
  const { channels, errors: channelErrors } = channelsFromDraft(draft.channels, CHANNEL_KEYS);
  checkText(errors, 'displayName', displayName, '表示名', LIMITS.displayName, true);
  checkSlug(errors, draft.profileSlug);
  checkText(errors, 'bio', bio, '自己紹介', LIMITS.bio);
  const area = checkArea(errors, draft.area);
  if (draft.storeId.length > 128) errors.storeId = '所属店舗を選び直してください。';
  const tagError = tagsProblem(tags);
  if (tagError) errors.tags = tagError;
  addChannelErrors(errors, channelErrors);
  checkPublished(errors, draft.published, context);
  if (area === null) return { ok: false, errors };
  const values: TherapistValues = {
    displayName,
    profileSlug,
    bio,
    storeId: draft.storeId === '' ? null : draft.storeId,
    area,
    tags,
    channels,
    published: draft.published,
  };
  return result(values, errors);
}

export function validateStore(draft: StoreDraft, context: CheckContext): Validated<StoreValues> {
  const errors: FormErrors = {};
  const area = checkArea(errors, draft.area);
  const values: Omit<StoreValues, 'area'> = {
    displayName: draft.displayName.trim(),
    storeName: draft.storeName.trim(),
    profileSlug: normalizeSlug(draft.profileSlug),
    description: draft.description.trim(),
    address: draft.address.trim(),
    nearestStation: draft.nearestStation.trim(),
    hours: draft.hours.trim(),
    website: normalizeChannel('website', draft.website),
    channels: {},
    courses: [],
    options: [],
    published: draft.published,
  };
  checkText(errors, 'storeName', values.storeName, '店舗名', LIMITS.storeName, true);
  checkText(errors, 'displayName', values.displayName, '表示名', LIMITS.displayName);
  checkSlug(errors, draft.profileSlug);
  checkText(errors, 'description', values.description, '店舗の紹介', LIMITS.description);
  checkText(errors, 'address', values.address, '住所', LIMITS.address);
  checkText(errors, 'nearestStation', values.nearestStation, '最寄り駅', LIMITS.nearestStation);
  checkText(errors, 'hours', values.hours, '営業時間', LIMITS.hours);
  const websiteError = websiteProblem(values.website);
  if (websiteError) errors.website = websiteError;
  const { channels, errors: channelErrors } = channelsFromDraft(draft.channels, STORE_CHANNEL_KEYS);
  values.channels = channels;
  addChannelErrors(errors, channelErrors);
  const menu = validateCourseMenu(draft);
  values.courses = menu.courses;
  values.options = menu.options;
  Object.assign(errors, menu.errors);
  checkPublished(errors, draft.published, context);
  return area === null ? { ok: false, errors } : result({ ...values, area }, errors);
}

/** The first field (in page order) with a problem. */
export function firstErrorField(errors: FormErrors, order: readonly string[]): string | undefined {
  return order.find((field) => errors[field]) ?? Object.keys(errors)[0];
}
