/**
 * A blog as the editor holds it (src/schema/blogs.ts, with timestamps as
 * Dates) and its status in her list. Pure.
 */

export interface StoredBlog {
  id: string;
  userId: string;
  title: string;
  body: string;
  cover: number | null;
  images: number[];
  tags: string[];
  published: boolean;
  /** When it goes (or went) public; null for a draft. */
  publishAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** Hidden by the operator (trusted code only). */
  hidden: boolean;
  /**
   * The stored updatedAt to the nanosecond, as text: a save goes through
   * only while the server still holds this version (another tab or device
   * may have saved since).
   */
  version: string;
}

export type BlogStatus = 'draft' | 'scheduled' | 'published' | 'hidden';

/** Her list's filters, in order, with their labels. */
export const BLOG_STATUS_LABELS: Record<BlogStatus, string> = {
  draft: '下書き',
  scheduled: '予約',
  published: '公開中',
  hidden: '非公開(運営)',
};
export const BLOG_STATUSES = Object.keys(BLOG_STATUS_LABELS) as BlogStatus[];

/** Where a blog stands at `now`: hidden by the operator first, then by publishAt. */
export function blogStatus(blog: Pick<StoredBlog, 'published' | 'publishAt' | 'hidden'>, now: Date = new Date()): BlogStatus {
  if (blog.hidden) return 'hidden';
  if (!blog.published || !blog.publishAt) return 'draft';
  return blog.publishAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}
