import { pathToFileURL } from 'node:url';

/** True when the module at `moduleUrl` is the script node was started with. */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && moduleUrl === pathToFileURL(process.argv[1]).href;
}
