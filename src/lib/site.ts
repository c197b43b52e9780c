/** Product-wide constants. The working title lives here and nowhere else. */
export const SITE_NAME = 'セラリンク';
export const SITE_DESCRIPTION = 'メンズエステのセラピストと店舗のディレクトリ。凍結された X アカウントから、今の居場所を探せます。';
/** Width of the small-screen navigation drawer, in CSS pixels. */
export const DRAWER_WIDTH_PX = 250;
/** Breadcrumbs never show more items than this. */
export const MAX_BREADCRUMBS = 8;
/** An island that has not loaded after this long shows an error. */
export const ISLAND_LOAD_TIMEOUT_MS = 120_000;
/** Push: service-worker and installation registration timeouts, token age. */
export const SW_REGISTRATION_TIMEOUT_MS = 10_000;
export const INSTALLATION_REGISTRATION_TIMEOUT_MS = 10_000;
export const PUSH_TOKEN_REFRESH_DAYS = 7;

/** Days of upcoming shifts the public pages show. */
export const SCHEDULE_DAYS_AHEAD = 14;
