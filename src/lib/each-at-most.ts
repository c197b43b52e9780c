/**
 * Runs `task` over `items`, at most `limit` at once, starting them in order
 * (each as an earlier one ends); resolves once all have ended, and rejects
 * with the first failure (tasks already started run on, no new one starts).
 */
export async function eachAtMost<T>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        await task(items[index]!, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, lane));
}
