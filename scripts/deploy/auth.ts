/**
 * The Authorization header of a Hosting call: an OAuth access token from
 * Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS in the
 * workflow) through google-auth-library, which firebase-admin already
 * brings. Only Google's own https endpoints get it: the local stand-in,
 * or an upload URL pointing anywhere else, never sees a token.
 */
import { HOSTING_SCOPE } from './hosting-api';

export type AuthHeaders = (url: URL) => Promise<Record<string, string>>;

/** Whether a URL is one of Google's APIs (a token may go there). */
export const isGoogleApi = (url: URL) => url.protocol === 'https:' && url.hostname.endsWith('.googleapis.com');

/** Headers from Application Default Credentials, for Google's endpoints only. */
export function applicationDefaultAuth(): AuthHeaders {
  let token: (() => Promise<string | null | undefined>) | undefined;
  return async (url): Promise<Record<string, string>> => {
    if (!isGoogleApi(url)) return {};
    if (!token) {
      const { GoogleAuth } = await import('google-auth-library');
      const auth = new GoogleAuth({ scopes: [HOSTING_SCOPE] });
      // The client caches the token and refreshes it before it expires.
      token = () => auth.getAccessToken();
    }
    const value = await token();
    if (!value) throw new Error('Application Default Credentials gave no access token (set GOOGLE_APPLICATION_CREDENTIALS).');
    return { Authorization: `Bearer ${value}` };
  };
}

/** No credentials (the local stand-in). */
export const noAuth: AuthHeaders = async () => ({});
