/**
 * The JavaScript budget of a signed-out visitor, on the built demo site:
 * the most any public profile loads (every module file gzipped as served,
 * the modules they import, and the inline scripts) stays within 2 KB; the
 * same audit as `npm run bench` (scripts/bench/page-weight.ts).
 */
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT_PROFILE_JS_BUDGET_BYTES, auditPublicPages } from '../../scripts/bench/page-weight';
import { E2E_SITE_DIR } from './built-site';

describe('a signed-out visitor on a profile', () => {
  it(`downloads at most ${SIGNED_OUT_PROFILE_JS_BUDGET_BYTES} B of JavaScript (gzip, inline scripts counted), no React or Firebase`, async () => {
    const audit = await auditPublicPages(E2E_SITE_DIR);
    console.log(`profile_js_gzip_bytes: ${audit.profileJsGzipBytes}, profile_js_files: ${audit.profileJsFiles}`);
    expect(audit.profileJsGzipBytes).toBeGreaterThan(0);
    expect(audit.profileJsGzipBytes).toBeLessThanOrEqual(SIGNED_OUT_PROFILE_JS_BUDGET_BYTES);
    expect(audit.pagesWithFrameworkCode).toEqual([]);
    // One file: the nav script, which imports nothing (no preload helper, no shared chunk) until she has signed in.
    expect(audit.profileJsFiles).toBe(1);
  });
});
