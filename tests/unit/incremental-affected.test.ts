/**
 * What a change touches (scripts/lib/incremental.ts over the registry in
 * src/registry/): the pages of each changed record in both versions, the
 * list pages whose input changed, and the pages that show the clock.
 * tests/integration/incremental-build.test.ts checks the result against a
 * full build; these pin down the reasoning.
 */
import { describe, expect, it } from 'vitest';
import { affectedUrls, diffExports } from '../../scripts/lib/incremental';
import { indexExport } from '../../src/data/directory';
import { foldForMatch } from '../../src/lib/search/rank';
import { completionShardUrl, handleShardUrl } from '../../src/lib/search/handle-index';
import { personShardUrl } from '../../src/lib/favorites/people-index';
import { nameShardUrl } from '../../src/lib/search/name-index';
import type { ExportRecords } from '../../src/registry/public-collections';
import { blogRecord, frozenRecord, postRecord, publicExport, shiftRecord } from '../factories/public-export';

const TODAY = '2026-11-22';
const base = () => publicExport({ therapists: 40, today: TODAY });

function affected(change: (records: ExportRecords) => void): Set<string> {
  const before = base();
  const after = structuredClone(before);
  change(after);
  return affectedUrls(indexExport(before), indexExport(after), diffExports(before, after));
}

describe('diffExports', () => {
  it('names the old and new versions of changed, added and removed records', () => {
    const before = base();
    const after = structuredClone(before);
    after.therapists[0]!.bio = 'new';
    after.therapists.splice(1, 1);
    after.redirects.push({ from: 'old-slug', to: after.therapists[0]!.profileSlug, kind: 'therapist', until: '2026-12-01T00:00:00.000Z' });
    const changes = diffExports(before, after);
    expect(Object.keys(changes).sort()).toEqual(['redirects', 'therapists']);
    expect(changes.therapists!.before.map((t) => (t as { id: string }).id)).toEqual(['th-01', 'th-02']);
    expect(changes.therapists!.after).toEqual([after.therapists[0]]);
    expect(changes.redirects!.after).toHaveLength(1);
  });

  it('finds nothing between two equal exports', () => {
    expect(diffExports(base(), base())).toEqual({});
  });
});

describe('affectedUrls', () => {
  it('always includes the pages that show the clock', () => {
    expect([...affected(() => undefined)].sort()).toEqual(['/', '/favorites', '/today']);
  });

  it('a bio edit: her pages, her store, her index entries; no list', () => {
    const urls = affected((records) => {
      records.therapists[1]!.bio = '書き直しました。';
    });
    const her = base().therapists[1]!;
    const store = base().stores.find((s) => s.id === her.storeId)!;
    for (const url of [
      '/profile/therapist-02',
      '/schedule/th-02',
      '/schedule/th-02.ics',
      `/store-profile/${store.profileSlug}`,
      nameShardUrl(foldForMatch(her.displayName)),
      handleShardUrl('old_th02'),
      completionShardUrl('old_th02')!,
      personShardUrl('th-02'),
    ]) {
      expect(urls, url).toContain(url);
    }
    for (const url of ['/profile/therapist-03', '/stores', '/search', '/frozen-accounts', '/frozen-accounts/2', personShardUrl('th-03')])
      expect(urls, url).not.toContain(url);
    expect(urls.size).toBeLessThan(20);
  });

  it('a name edit also reaches the list pages that show her former handles', () => {
    const urls = affected((records) => {
      records.therapists[1]!.displayName = '新しい名前';
    });
    expect(urls).toContain(nameShardUrl(foldForMatch('新しい名前')));
    expect(urls).toContain(nameShardUrl(foldForMatch(base().therapists[1]!.displayName)));
    expect(urls).toContain('/frozen-accounts/letter/o');
    expect(urls).toContain(`/frozen-accounts/area/${base().therapists[1]!.area}`);
    expect(urls).not.toContain('/stores');
    expect(urls).not.toContain('/frozen-accounts/letter/a');
  });

  it('a store rename: its page, its members everywhere they show it, and the store lists', () => {
    const records = base();
    const store = records.stores[0]!;
    const members = records.therapists.filter((t) => t.storeId === store.id);
    expect(members.length).toBeGreaterThan(0);
    const urls = affected((after) => {
      after.stores[0]!.displayName = '改名した店';
    });
    expect(urls).toContain(`/store-profile/${store.profileSlug}`);
    expect(urls).toContain('/stores');
    expect(urls).toContain('/search');
    // Its people-index entry, and its members' (their cards name the store).
    expect(urls).toContain(personShardUrl(store.id));
    for (const member of members) {
      expect(urls).toContain(personShardUrl(member.id));
      expect(urls).toContain(`/profile/${member.profileSlug}`);
      expect(urls).toContain(`/schedule/${member.id}.ics`);
      if (!member.photoURL) expect(urls).toContain(`/og/p/${member.profileSlug}.png`);
    }
  });

  it('a new shift: her pages, her store, her handle answers and her people entry (next shift), nobody else', () => {
    const urls = affected((records) => {
      records.shifts.push(shiftRecord(records.therapists[9]!, TODAY, '09:00', '12:00'));
    });
    const her = base().therapists[9]!;
    expect(urls).toContain(`/profile/${her.profileSlug}`);
    expect(urls).toContain(`/schedule/${her.id}`);
    expect(urls).toContain(handleShardUrl('old_th10'));
    expect(urls).toContain(personShardUrl(her.id));
    expect(urls).not.toContain('/profile/therapist-11');
    expect(urls).not.toContain(personShardUrl('th-11'));
    expect(urls).not.toContain('/frozen-accounts');
  });

  it('a former handle that sorts first moves every page of the list on', () => {
    const urls = affected((records) => {
      records.frozenAccounts.push(frozenRecord(records.therapists[0]!, 'aaa_first', 'therapist'));
    });
    expect(urls).toContain('/frozen-accounts');
    expect(urls).toContain('/frozen-accounts/2');
    expect(urls).toContain('/frozen-accounts/letter/a');
    expect(urls).toContain('/profile/therapist-01');
    expect(urls).toContain(handleShardUrl('aaa_first'));
    // /favorites marks her 「新しいアカウント」 from her people entry.
    expect(urls).toContain(personShardUrl('th-01'));
    expect(urls).not.toContain('/frozen-accounts/letter/o');
  });

  it('a renamed profile: both slugs, and the held one redirects', () => {
    const urls = affected((records) => {
      const her = records.therapists[3]!;
      records.redirects.push({ from: her.profileSlug, to: 'renamed', kind: 'therapist', until: '2026-12-20T00:00:00.000Z' });
      her.profileSlug = 'renamed';
    });
    expect(urls).toContain('/profile/therapist-04');
    expect(urls).toContain('/profile/renamed');
    expect(urls).toContain('/og/p/renamed.png');
  });

  describe('blogs and posts', () => {
    // th-04 has four blogs (n = 0..3, the newest on 2026-11-04); the export has 36, so /blogs has
    // the top page and archive pages 1 (the oldest 20) and 2.
    const her = () => base().therapists[3]!;
    const herStore = () => base().stores.find((s) => s.id === her().storeId)!;

    it('a new blog: its page, her previous newest, her profile and store, and the feed pages it joins', () => {
      const added = blogRecord(her(), 4);
      const urls = affected((records) => {
        records.blogs.push(added);
      });
      expect(urls).toContain(`/blog/${added.id}`);
      expect(urls).toContain(`/blog/${blogRecord(her(), 3).id}`);
      expect(urls).toContain(`/profile/${her().profileSlug}`);
      expect(urls).toContain(personShardUrl(her().id));
      expect(urls).toContain(`/store-profile/${herStore().profileSlug}`);
      for (const url of ['/blogs', '/blogs/page/2', `/blogs/area/${her().area}`, '/blogs/tag/日記']) expect(urls, url).toContain(url);
      // The archive counts from the oldest: the full first page keeps its bytes.
      expect(urls).not.toContain('/blogs/page/1');
      expect(urls).not.toContain(`/blog/${blogRecord(her(), 2).id}`);
      // Other tags' pages do not list it.
      expect(urls).not.toContain('/blogs/tag/出勤');
      expect(urls).not.toContain('/timeline');
      expect(urls).not.toContain('/profile/therapist-01');
    });

    it('a hidden (removed) blog: its page goes, its neighbours and her lists change', () => {
      const gone = blogRecord(her(), 1);
      const urls = affected((records) => {
        records.blogs = records.blogs.filter((blog) => blog.id !== gone.id);
      });
      for (const url of [`/blog/${gone.id}`, `/blog/${blogRecord(her(), 0).id}`, `/blog/${blogRecord(her(), 2).id}`])
        expect(urls, url).toContain(url);
      expect(urls).toContain(`/profile/${her().profileSlug}`);
      expect(urls).toContain('/blogs/page/1');
    });

    it('her rename reaches every blog page that shows her card', () => {
      const urls = affected((records) => {
        records.therapists[3]!.displayName = '新しい名前';
      });
      for (let n = 0; n < 4; n++) expect(urls).toContain(`/blog/${blogRecord(her(), n).id}`);
      expect(urls).toContain('/blogs');
      expect(urls).not.toContain(`/blog/${blogRecord(base().therapists[0]!, 0).id}`);
    });

    it('a new timeline post: her profile, her store and the top of /timeline', () => {
      const urls = affected((records) => {
        records.posts.push(postRecord(her(), 30));
      });
      expect(urls).toContain(`/profile/${her().profileSlug}`);
      expect(urls).toContain(`/store-profile/${herStore().profileSlug}`);
      expect(urls).toContain('/timeline');
      expect(urls).toContain(personShardUrl(her().id));
      expect(urls).not.toContain(personShardUrl(herStore().id));
      expect(urls).not.toContain('/blogs');
    });
  });

  describe('the 推しランキング', () => {
    // The factory ranks the first 12 therapists (areas 新宿, 渋谷, 池袋 by turns).
    const ranked = () => base().therapists[0]!;
    const rankingPages = ['/favoriteRanking', '/favoriteRanking/area/新宿', '/favoriteRanking/area/渋谷', '/favoriteRanking/area/池袋'];

    it('a new count: the overall page, her area page and the name-index shards of the ranked, nothing else but the clock pages', () => {
      const urls = affected((records) => {
        const ranking = records.rankings[0]!;
        ranking.overall[0]!.count += 1;
        ranking.areas[ranked().area]![0]!.count += 1;
      });
      // The name index ranks a name group by 推し count (src/data/name-index.ts): every ranked therapist's shard is rebuilt.
      const rankedUids = new Set(base().rankings[0]!.overall.map((row) => row.uid));
      const nameShards = base()
        .therapists.filter((therapist) => rankedUids.has(therapist.id))
        .map((therapist) => nameShardUrl(foldForMatch(therapist.displayName)));
      expect(nameShards.length).toBeGreaterThan(0);
      expect([...urls].sort()).toEqual(
        [...new Set(['/', '/favorites', '/today', '/favoriteRanking', `/favoriteRanking/area/${ranked().area}`, ...nameShards])].sort(),
      );
    });

    it('the first ranking adds every ranking page', () => {
      const before = base();
      const after = structuredClone(before);
      before.rankings = [];
      const urls = affectedUrls(indexExport(before), indexExport(after), diffExports(before, after));
      for (const url of rankingPages) expect(urls, url).toContain(url);
    });

    it('a ranked therapist’s rename or new picture reaches the ranking pages that show her', () => {
      const renamed = affected((records) => {
        records.therapists[0]!.displayName = '新しい名前';
      });
      expect(renamed).toContain('/favoriteRanking');
      expect(renamed).toContain(`/favoriteRanking/area/${ranked().area}`);
      expect(renamed).not.toContain('/favoriteRanking/area/池袋');
      const pictured = affected((records) => {
        records.therapists[0]!.photoURL = 'https://firebasestorage.googleapis.com/v0/b/demo/o/avatars%2Fth-01%2F1.webp?alt=media';
      });
      expect(pictured).toContain('/favoriteRanking');
    });

    it('her store’s rename reaches them too (the store is shown beside her)', () => {
      const storeIndex = base().stores.findIndex((store) => store.id === ranked().storeId);
      const urls = affected((records) => {
        records.stores[storeIndex]!.displayName = '改名した店';
      });
      expect(urls).toContain('/favoriteRanking');
    });

    it('a ranked therapist’s bio, or anything about an unranked one, leaves them alone', () => {
      const bio = affected((records) => {
        records.therapists[0]!.bio = '書き直しました。';
      });
      const other = affected((records) => {
        records.therapists[30]!.displayName = '新しい名前';
      });
      for (const url of rankingPages) {
        expect(bio, url).not.toContain(url);
        expect(other, url).not.toContain(url);
      }
    });
  });
});
