/**
 * One site build in a process of its own, for the tests of builds that die
 * (tests/integration/site-failures.test.ts): `tsx build-child.ts <export>
 * <site> <clock> [crash-at-swap | fail-writing <file> | fail-keeping-spare]`.
 * The failure is made by replacing a file-system call before the build loads
 * (never a hook in the build itself): `crash-at-swap` exits the process where
 * the new generation would be pointed at; `fail-writing` makes writing that
 * page fail, as a full disk would; `fail-keeping-spare` makes writing the
 * spare's record fail, after the swap, and builds a second time in the same
 * process. Prints each build's mode and staging on success, a line each.
 */
import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';

const [exportDir, outDir, clock, failure, failingFile] = process.argv.slice(2);
if (failure === 'crash-at-swap') {
  // SIGKILL-like: no finally blocks, no cleanup.
  fs.symlinkSync = () => process.exit(137);
} else if (failure === 'fail-writing' || failure === 'fail-keeping-spare') {
  const writeFile = fsPromises.writeFile;
  fsPromises.writeFile = ((...args: Parameters<typeof writeFile>) => {
    const file = String(args[0]);
    const failing = failure === 'fail-writing' ? `/${failingFile}.tmp-` : '/spare.json.tmp-';
    if (file.includes(failing)) return Promise.reject(new Error(`ENOSPC: no space left on device, write '${file}'`));
    return writeFile(...args);
  }) as typeof writeFile;
}
syncBuiltinESMExports();

const { buildSite } = await import('../../../scripts/build-site');
const { closeRenderers } = await import('../../../scripts/renderer/pool');
try {
  for (let builds = failure === 'fail-keeping-spare' ? 2 : 1; builds > 0; builds--) {
    const build = await buildSite({ exportDir: exportDir!, outDir: outDir!, quiet: true, now: new Date(clock!) });
    console.log(JSON.stringify({ mode: build.mode, staged: build.staged }));
  }
} finally {
  await closeRenderers();
}
