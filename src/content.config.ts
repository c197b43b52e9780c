import path from 'node:path';
import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import { exportDir } from './lib/export-dir';
import { EXPORT_FILES, publicFrozenAccount, publicShift, publicSlugRedirect, publicStore, publicTherapist } from './schema/public';

/** Build-time collections, read from the public export (see scripts/export.ts). */
const fromExport = (name: string) => file(path.join(exportDir(), name));

export const collections = {
  therapists: defineCollection({ loader: fromExport(EXPORT_FILES.therapists), schema: publicTherapist }),
  stores: defineCollection({ loader: fromExport(EXPORT_FILES.stores), schema: publicStore }),
  frozenAccounts: defineCollection({ loader: fromExport(EXPORT_FILES.frozenAccounts), schema: publicFrozenAccount }),
  shifts: defineCollection({ loader: fromExport(EXPORT_FILES.shifts), schema: publicShift }),
  // Keyed by `from` (the file() loader needs an id per entry).
  redirects: defineCollection({
    loader: file(path.join(exportDir(), EXPORT_FILES.redirects), {
      parser: (text) => (JSON.parse(text) as { from: string }[]).map((entry) => ({ id: entry.from, ...entry })),
    }),
    schema: publicSlugRedirect.extend({ id: publicSlugRedirect.shape.from }),
  }),
};
