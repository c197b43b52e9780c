/**
 * What this process last wrote to a file, kept in memory while the file is
 * still that write (its size and mtime): a long-running loop (`npm start`)
 * then skips parsing hundreds of MB each cycle. Taken out on read, put back
 * only by the next write, so a run that fails after changing the value in
 * memory leaves the file to be read again.
 */
import { stat } from 'node:fs/promises';

const versionOf = async (file: string) => {
  const info = await stat(file);
  return `${info.size}:${info.mtimeMs}`;
};

export class WrittenFiles<T> {
  readonly #kept = new Map<string, { version: string; value: T }>();

  /** The value written to `file`, if the file is still that write; it is no longer kept either way. */
  async take(file: string): Promise<T | undefined> {
    const held = this.#kept.get(file);
    this.#kept.delete(file);
    return held && held.version === (await versionOf(file).catch(() => '')) ? held.value : undefined;
  }

  /** Keeps `value` as what was just written to `file`. */
  async keep(file: string, value: T): Promise<void> {
    this.#kept.set(file, { version: await versionOf(file), value });
  }
}
