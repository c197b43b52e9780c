/**
 * `npm run erase-accounts -- [--allow-production]`: erases every account
 * that asked to be (退会, scripts/accounts/erase-requested.ts). The
 * scheduled workflow runs it before the export, so her pages leave the
 * site in the same run; `npm start` and the publisher do it as a request
 * arrives. Against a demo- project it finds the emulators of a running
 * `npm start`.
 */
import { parseArgs } from 'node:util';
import { accountsAuth, adminDb, assertFirestoreReachable, picturesBucket } from './lib/admin';
import { chooseWriteTarget } from './lib/write-target';
import { eraseRequestedAccounts } from './accounts/erase-requested';

const { values } = parseArgs({ options: { 'allow-production': { type: 'boolean', default: false } } });
await chooseWriteTarget(values['allow-production']);
const db = adminDb();
await assertFirestoreReachable(db);
const erased = await eraseRequestedAccounts({ db, auth: accountsAuth(), bucket: picturesBucket() }, console.log);
console.log(`[accounts] ${erased.length} account(s) erased.`);
