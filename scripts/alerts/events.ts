/**
 * Events from two exports: the snapshot the job alerted last and the
 * public export now. No Firestore read: everything public that can alert a
 * fan is in the export already.
 *
 * - A former handle is news once, when it is listed without a dispute
 *   (a disputed claim waits until it is settled; once alerted it stays
 *   known while it is listed, disputed or not).
 * - A current X handle is news when a profile that was public changes it.
 * - Blogs, posts: a new id. Shifts: a new id dated today or tomorrow.
 * - 今すぐ案内可: a new window (her uid and when it was set), once; told
 *   as schedule news (the fan's 出勤 setting turns it off).
 * - A handle watch fires for every handle that became registered (a known
 *   former handle or a current X handle) and was not before.
 *
 * A 推し's blog, post or handle older than MAX_EVENT_AGE_MS when it first
 * shows up (her profile published again after a suspension, a blog
 * un-hidden) is taken into the snapshot without alerting: it is not news.
 */
import { postExcerpt } from '../../src/lib/favorites/people-index';
import { storeCard, therapistCard } from '../../src/lib/owners';
import { blogPath, schedulePath } from '../../src/lib/routes';
import { storeDisplayName } from '../../src/lib/store-name';
import { addDays, tokyoDateKey } from '../../src/lib/tokyo-date';
import type { DirectoryRecords } from '../../src/data/export-records';
import type { AlertFacts, AnnouncementKind } from '../../src/schema/announcements';
import type { AlertKind } from '../../src/schema/users';
import type { AlertSnapshot } from './state';

/** News older than this when it first appears is not alerted (see above). */
export const MAX_EVENT_AGE_MS = 48 * 3_600_000;

/** One thing that happened, with the facts every fan of `target` is told (src/lib/alerts/wording.ts words them). */
export interface FoundEvent {
  id: string;
  kind: AnnouncementKind;
  /** The fan setting that turns it off; null for a handle watch (she asked for it). */
  alert: AlertKind | null;
  target: string;
  facts: AlertFacts;
  /** Where the alert leads, and her public page (where a digest leads). */
  link: string;
  profileLink: string;
  /** Its record's time (a blog's publishedAt, a post's or handle's createdAt); null when the export has none (the job's time stands in). */
  happenedAt: string | null;
  handle?: string;
}

/** The 推し an alert is about: her name and her public page. */
interface AlertOwner {
  name: string;
  href: string;
}

/** The parts of the export the job compares next time. */
export function snapshotOf(records: DirectoryRecords, previous?: AlertSnapshot): AlertSnapshot {
  const frozen: AlertSnapshot['frozen'] = {};
  for (const entry of records.frozenAccounts) {
    const known = previous?.frozen[entry.id]?.userId === entry.userId;
    if (known || !entry.disputed) frozen[entry.id] = { userId: entry.userId, handle: entry.handle };
  }
  const x: AlertSnapshot['x'] = {};
  for (const profile of [...records.therapists, ...records.stores]) x[profile.id] = profile.channels.x ?? '';
  return {
    frozen,
    x,
    blogs: records.blogs.map((blog) => blog.id),
    posts: records.posts.map((post) => post.id),
    shifts: records.shifts.map((shift) => shift.id),
    availableNow: records.availableNow.map(windowId),
  };
}

/** One 今すぐ案内可 window: a later tap (or her store's) is a new one. */
const windowId = (entry: { userId: string; setAt: string }) => `${entry.userId}:${entry.setAt}`;

/** Every handle registered in a snapshot (a known former handle or a current X handle), with its owner. */
function registeredHandles(snapshot: AlertSnapshot): Map<string, string> {
  const handles = new Map<string, string>();
  for (const entry of Object.values(snapshot.frozen)) handles.set(entry.handle, entry.userId);
  for (const [uid, handle] of Object.entries(snapshot.x)) if (handle) handles.set(handle, uid);
  return handles;
}

/** The events between `previous` and `records`, in a stable order, and the new snapshot. */
export function findEvents(
  previous: AlertSnapshot,
  records: DirectoryRecords,
  now: Date,
): { events: FoundEvent[]; snapshot: AlertSnapshot } {
  const snapshot = snapshotOf(records, previous);
  const owners = new Map<string, AlertOwner>([
    ...records.therapists.map((t) => [t.id, therapistCard(t)] as const),
    ...records.stores.map((s) => [s.id, storeCard(s)] as const),
  ]);
  const storeNames = new Map(records.stores.map((store) => [store.id, storeDisplayName(store)]));
  const recent = (at: string) => Date.parse(at) >= now.getTime() - MAX_EVENT_AGE_MS;
  const events: FoundEvent[] = [];
  const add = (
    event: Pick<FoundEvent, 'id' | 'kind' | 'alert' | 'target' | 'happenedAt'> & { link?: string; handle?: string },
    facts: (name: string) => AlertFacts,
  ) => {
    const owner = owners.get(event.target);
    // Content of a profile that is not public is not in the export; kept as a guard.
    if (owner) events.push({ link: owner.href, ...event, profileLink: owner.href, facts: facts(owner.name) });
  };

  for (const entry of records.frozenAccounts) {
    const isNew = snapshot.frozen[entry.id] && previous.frozen[entry.id]?.userId !== entry.userId;
    if (isNew && recent(entry.createdAt)) {
      const event = {
        id: `handle:${entry.id}`,
        kind: 'favorite-handle',
        alert: 'handle',
        target: entry.userId,
        happenedAt: entry.createdAt,
      } as const;
      add(event, (name) => ({ kind: 'former-handle', name, handle: entry.handle }));
    }
  }
  for (const profile of [...records.therapists, ...records.stores]) {
    const before = previous.x[profile.id];
    const current = profile.channels.x;
    if (before !== undefined && current && current !== before) {
      const event = {
        id: `channel:${profile.id}:${current}`,
        kind: 'favorite-handle',
        alert: 'handle',
        target: profile.id,
        happenedAt: null,
      } as const;
      add(event, (name) => ({ kind: 'moved', name, handle: current }));
    }
  }
  const oldBlogs = new Set(previous.blogs);
  for (const blog of records.blogs) {
    if (!oldBlogs.has(blog.id) && recent(blog.publishedAt)) {
      const event = {
        id: `blog:${blog.id}`,
        kind: 'favorite-blog',
        alert: 'blog',
        target: blog.userId,
        happenedAt: blog.publishedAt,
      } as const;
      add({ ...event, link: blogPath(blog.id) }, (name) => ({ kind: 'blog', name, title: blog.title, teaser: blog.teaser }));
    }
  }
  const oldPosts = new Set(previous.posts);
  for (const post of records.posts) {
    if (!oldPosts.has(post.id) && recent(post.createdAt)) {
      const event = {
        id: `post:${post.id}`,
        kind: 'favorite-post',
        alert: 'post',
        target: post.userId,
        happenedAt: post.createdAt,
      } as const;
      add(event, (name) => ({ kind: 'post', name, excerpt: postExcerpt(post.text) }));
    }
  }
  const today = tokyoDateKey(now);
  const tomorrow = addDays(today, 1);
  const oldShifts = new Set(previous.shifts);
  const newShifts = records.shifts
    .filter((shift) => !oldShifts.has(shift.id) && (shift.date === today || shift.date === tomorrow))
    .sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
  for (const shift of newShifts) {
    const store = shift.storeId ? (storeNames.get(shift.storeId) ?? null) : null;
    const event = {
      id: `shift:${shift.id}`,
      kind: 'favorite-schedule',
      alert: 'schedule',
      target: shift.userId,
      happenedAt: null,
    } as const;
    add({ ...event, link: schedulePath(shift.userId) }, (name) => ({
      kind: 'shift',
      name,
      date: shift.date,
      start: shift.start,
      end: shift.end,
      store,
    }));
  }

  const oldWindows = new Set(previous.availableNow);
  for (const entry of records.availableNow) {
    if (oldWindows.has(windowId(entry)) || !recent(entry.setAt)) continue;
    const event = {
      id: `now:${windowId(entry)}`,
      kind: 'favorite-schedule',
      alert: 'schedule',
      target: entry.userId,
      happenedAt: entry.setAt,
    } as const;
    add(event, (name) => ({ kind: 'available-now', name, until: entry.until }));
  }

  const before = registeredHandles(previous);
  for (const [handle, uid] of registeredHandles(snapshot)) {
    if (before.has(handle)) continue;
    add({ id: `watch:${handle}:${uid}`, kind: 'handle-watch', alert: null, target: uid, happenedAt: null, handle }, (name) => ({
      kind: 'watch',
      name,
      handle,
    }));
  }
  return { events, snapshot };
}
