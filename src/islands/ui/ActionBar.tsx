/**
 * The bar that keeps a view's main actions under the thumb on a phone: it
 * sticks to the bottom of the screen, above the home indicator. From 640 px
 * it sits in the flow (`wide="inline"`, short forms) or stays stuck as a
 * framed bar (`wide="sticky"`, a long editor whose save must stay in reach).
 */
import type { HTMLAttributes } from 'react';

const PHONE =
  'sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-gray-200 bg-white/95 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur dark:border-gray-700 dark:bg-gray-950/95';

const WIDE = {
  inline: 'sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0 sm:backdrop-blur-none sm:dark:bg-transparent',
  sticky: 'sm:mx-0 sm:rounded-lg sm:border',
} as const;

export function ActionBar({ wide = 'inline', className, ...div }: HTMLAttributes<HTMLDivElement> & { wide?: keyof typeof WIDE }) {
  return <div className={`${PHONE} ${WIDE[wide]}${className ? ` ${className}` : ''}`} {...div} />;
}
