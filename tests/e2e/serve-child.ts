/**
 * Serves a site folder from a process of its own, as the Hosting emulator
 * does beside `npm start` (tests/e2e/site-swap.test.ts): `tsx serve-child.ts
 * <site>` prints the URL, then serves until killed.
 */
import { serveSite } from '../../scripts/lib/serve-site';

const site = await serveSite(process.argv[2]!);
console.log(site.url);
