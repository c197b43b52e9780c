/**
 * Fetches one shard file of a static index (/h/…, /n/…) once per page
 * view. A missing file is an empty shard (nothing registered there); a
 * failed fetch is not remembered, so the next search tries again.
 */
const files = new Map<string, Promise<unknown[]>>();

export function fetchShardFile<T>(url: string): Promise<T[]> {
  let file = files.get(url);
  if (!file) {
    file = fetch(url).then((response) => {
      if (response.status === 404) return [];
      if (!response.ok) throw new Error(`index ${url}: ${response.status}`);
      return response.json() as Promise<unknown[]>;
    });
    file.catch(() => files.delete(url));
    files.set(url, file);
  }
  return file as Promise<T[]>;
}
