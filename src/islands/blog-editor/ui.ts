/** Looks the blog editor and the timeline composer share (touch-sized: at least 44 px high). */
import type { BlogStatus } from '../../lib/blogs/blog';

export { choiceButton, dangerButton, primaryButton, secondaryButton } from '../schedule-manager/buttons';

export const card = 'rounded-lg border border-gray-200 p-4 dark:border-gray-700';

/** A small button inside a card (still 44 px high for a thumb). */
export const smallButton =
  'inline-flex min-h-11 cursor-pointer items-center justify-center rounded-md border border-gray-400 px-3 text-sm hover:bg-gray-100 aria-disabled:cursor-wait aria-disabled:opacity-70 disabled:cursor-not-allowed disabled:opacity-60 dark:border-gray-600 dark:hover:bg-gray-800';

export const smallDangerButton =
  'inline-flex min-h-11 cursor-pointer items-center justify-center rounded-md border border-red-700 px-3 text-sm font-medium text-red-800 hover:bg-red-50 aria-disabled:cursor-wait aria-disabled:opacity-70 dark:border-red-400 dark:text-red-200 dark:hover:bg-red-950';

/** The bar that keeps the save button under the thumb on a phone. */
export const actionBar =
  'sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-gray-200 bg-white/95 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:mx-0 sm:rounded-lg sm:border dark:border-gray-700 dark:bg-gray-950/95';

/** A blog's status as a coloured label (text always says it; colour only helps). */
export const STATUS_BADGE: Record<BlogStatus, string> = {
  draft: 'border-gray-400 bg-gray-100 text-gray-800 dark:border-gray-500 dark:bg-gray-800 dark:text-gray-100',
  scheduled: 'border-amber-500 bg-amber-50 text-amber-900 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-100',
  published: 'border-green-700 bg-green-50 text-green-900 dark:border-green-500 dark:bg-green-950 dark:text-green-100',
  hidden: 'border-red-700 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100',
};
export const badge = 'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-bold';

/**
 * The rendered blog body: the same classes as the static page's BlogBody
 * (src/components/blog/BlogBody.astro; .prose-ja and .blog-body in
 * global.css), so the preview looks like the published page.
 */
export const BLOG_BODY_CLASS = 'prose-ja blog-body max-w-none break-words';
