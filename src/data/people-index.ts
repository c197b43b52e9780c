/**
 * Builds the people index (src/lib/favorites/people-index.ts) from the
 * export: every public therapist and store with the handle index's card
 * (name, picture, channels, store, next shift), her former handles and her
 * latest blog and post, grouped by shard, a shard at a time where few are
 * asked for (./shard-endpoint.ts).
 */
import { blogPath } from '../lib/routes';
import { personShard, postExcerpt, type PersonEntry } from '../lib/favorites/people-index';
import { tokyoDateKey } from '../lib/tokyo-date';
import type { Directory } from './directory';
import { ownerCards } from './handle-index';
import { renderNow } from './render-context';
import { shardedIndex } from './shard-endpoint';

/** The entries of the people whose shard `only` keeps (every one by default), ordered by uid. */
export function peopleEntries(directory: Directory, today: string, only: (shard: string) => boolean = () => true): PersonEntry[] {
  const profiles = new Map([...directory.therapists, ...directory.stores].map((profile) => [profile.id, profile]));
  const card = ownerCards(directory, today);
  const entries: PersonEntry[] = [];
  for (const [uid, profile] of profiles) {
    if (!only(personShard(uid))) continue;
    const owner = card(uid)!;
    const blog = directory.blogsByAuthor.get(uid)?.[0];
    const post = directory.postsByAuthor.get(uid)?.[0];
    const formerHandles = [...(directory.frozenByOwner.get(uid) ?? [])]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.handle.localeCompare(b.handle))
      .map(({ handle, createdAt, verification, disputed }) => ({ handle, createdAt, verification, disputed }));
    entries.push({
      ...owner,
      uid,
      x: profile.channels.x ?? null,
      formerHandles,
      latestBlog: blog ? { title: blog.title, href: blogPath(blog.id), publishedAt: blog.publishedAt } : null,
      // Her page lists her latest posts, each with the id post-{id}.
      latestPost: post ? { text: postExcerpt(post.text), href: `${owner.href}#post-${post.id}`, createdAt: post.createdAt } : null,
    });
  }
  return entries.sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
}

/** The shards (/u): every entry, by hashed uid (the next shift depends on the day, like the directory). */
export const peopleIndex = shardedIndex<PersonEntry>({
  name: 'people index',
  sortKeys: (directory) => [...directory.therapists, ...directory.stores].map((profile) => profile.id),
  shardOf: personShard,
  entries: (directory, only) => peopleEntries(directory, tokyoDateKey(renderNow()), only),
  sortKeyOf: (entry) => entry.uid,
});

export const loadPeopleIndex = peopleIndex.whole;
