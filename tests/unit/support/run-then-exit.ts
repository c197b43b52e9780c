/**
 * Starts a long command through scripts/lib/run.ts, prints its pid, and
 * exits without waiting for it (as a bench does when it is done while a
 * background Pagefind run is still going).
 */
import { run } from '../../../scripts/lib/run';

void run('sleep', ['60'], { quiet: true }).catch(() => undefined);
// The child is spawned synchronously; give it a moment to exist, then leave.
setTimeout(() => {
  console.log('started');
  process.exit(0);
}, 200);
