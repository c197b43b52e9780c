/** SHA-256 (hex) of a value's JSON: what tells two versions of a record, a config or a page's input apart without keeping them. */
import { createHash } from 'node:crypto';

export const jsonDigest = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');
