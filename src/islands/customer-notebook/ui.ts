/** What the notebook's views share besides the UI parts (src/islands/ui): downloads and error messages. */

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
