import type { SeedFile } from './pictures/choose';

/** One document the seed writes, with the Storage files it names. */
export interface SeedDoc {
  /** Document path, e.g. accounts/th-00001 or customers/x/items/y. */
  path: string;
  data: Record<string, unknown>;
  /** The Storage files it names (its pictures), uploaded beside it when Storage is there. */
  files?: SeedFile[];
}
