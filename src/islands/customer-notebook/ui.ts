/** What the notebook's views share besides the UI parts (src/islands/ui): the action bar, downloads, error messages. */
/** The bar that keeps a view's main actions under the thumb on a phone. */
export const actionBar =
  'sticky bottom-0 z-10 -mx-4 flex gap-2 border-t border-gray-200 bg-white/95 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0 sm:backdrop-blur-none dark:border-gray-700 dark:bg-gray-950/95 sm:dark:bg-transparent';

/** Offers `text` as a file download (nothing leaves the browser). */
export function downloadFile(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The message of a notebook error, or the fallback for anything else (never the error's own text). */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.name === 'NotebookError' ? error.message : fallback;
}
