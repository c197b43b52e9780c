/**
 * Turns validated Firestore documents into the public export: published
 * profiles only, and only the fields listed here (an allow-list, so a
 * private field added to a document later never leaks by default).
 */
import type { AccountDoc } from '../../src/schema/accounts';
import type { TimestampLike } from '../../src/schema/common';
import type { FrozenAccountDoc } from '../../src/schema/frozen-accounts';
import type {
  PublicFrozenAccount,
  PublicShift,
  PublicStore,
  PublicTherapist,
} from '../../src/schema/public';
import type { ScheduleDoc } from '../../src/schema/schedules';
import type { StoreDoc } from '../../src/schema/stores';

export interface SourceDocs {
  accounts: Map<string, AccountDoc>;
  stores: Map<string, StoreDoc>;
  frozenAccounts: Map<string, FrozenAccountDoc>;
  schedules: Map<string, ScheduleDoc>;
}

export interface PublicExport {
  therapists: PublicTherapist[];
  stores: PublicStore[];
  frozenAccounts: PublicFrozenAccount[];
  shifts: PublicShift[];
}

const iso = (at: TimestampLike) => at.toDate().toISOString();
const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function toPublicExport(source: SourceDocs, firstShiftDate: string): PublicExport {
  const stores: PublicStore[] = [];
  for (const [id, s] of source.stores) {
    if (!s.published) continue;
    stores.push({
      id,
      displayName: s.displayName,
      storeName: s.storeName,
      profileSlug: s.profileSlug,
      description: s.description,
      photoURL: s.photoURL,
      area: s.area,
      address: s.address,
      nearestStation: s.nearestStation,
      hours: s.hours,
      website: s.website,
      channels: s.channels,
      updatedAt: iso(s.updatedAt),
    });
  }
  const publicStoreIds = new Set(stores.map((s) => s.id));

  const therapists: PublicTherapist[] = [];
  for (const [id, a] of source.accounts) {
    if (!a.published) continue;
    therapists.push({
      id,
      displayName: a.displayName,
      profileSlug: a.profileSlug,
      bio: a.bio,
      photoURL: a.photoURL,
      // A store that is not public is not named.
      storeId: a.storeId && publicStoreIds.has(a.storeId) ? a.storeId : null,
      area: a.area,
      tags: a.tags,
      channels: a.channels,
      updatedAt: iso(a.updatedAt),
    });
  }
  const publicTherapistIds = new Set(therapists.map((t) => t.id));

  const frozenAccounts: PublicFrozenAccount[] = [];
  for (const [id, f] of source.frozenAccounts) {
    const ownerKind = publicTherapistIds.has(f.userId) ? 'therapist' : publicStoreIds.has(f.userId) ? 'store' : null;
    if (!ownerKind) continue;
    frozenAccounts.push({
      id,
      userId: f.userId,
      ownerKind,
      platform: f.platform,
      handle: f.handle,
      frozenOn: f.frozenOn,
      note: f.note,
      createdAt: iso(f.createdAt),
    });
  }

  const shifts: PublicShift[] = [];
  for (const [id, s] of source.schedules) {
    if (!publicTherapistIds.has(s.userId) || s.date < firstShiftDate) continue;
    shifts.push({
      id,
      userId: s.userId,
      storeId: s.storeId && publicStoreIds.has(s.storeId) ? s.storeId : null,
      date: s.date,
      start: s.start,
      end: s.end,
      note: s.note,
    });
  }

  return {
    therapists: therapists.sort(byId),
    stores: stores.sort(byId),
    frozenAccounts: frozenAccounts.sort(byId),
    shifts: shifts.sort(byId),
  };
}
