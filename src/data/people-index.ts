/**
 * Builds the people index (src/lib/favorites/people-index.ts) from the
 * export: every public therapist and store with the handle index's card
 * (name, picture, channels, store, next shift), her former handles and her
 * latest blog and post, grouped by shard. Memoised per build like the
 * directory.
 */
import { blogPath } from '../lib/routes';
import { personShard, postExcerpt, type PersonEntry } from '../lib/favorites/people-index';
import { tokyoDateKey } from '../lib/tokyo-date';
import { perExport, type Directory } from './directory';
import { ownersOf } from './handle-index';
import { renderNow } from './render-context';
import { groupIntoShards } from './shard-endpoint';

/** Every entry, ordered by uid (a shard's bytes change only when one of its people does). */
export function peopleEntries(directory: Directory, today: string): PersonEntry[] {
  const profiles = new Map([...directory.therapists, ...directory.stores].map((profile) => [profile.id, profile]));
  const entries: PersonEntry[] = [];
  for (const [uid, owner] of ownersOf(directory, today)) {
    const profile = profiles.get(uid)!;
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

/** The shards: every entry, by hashed uid. Once per loaded export (the next shift depends on the day, like the directory). */
export const loadPeopleIndex = perExport(
  (directory) => groupIntoShards(peopleEntries(directory, tokyoDateKey(renderNow())), (entry) => personShard(entry.uid)),
  { endpointsOnly: true },
);
