import { describe, expect, it } from 'vitest';
import { applicationDefaultAuth, isGoogleApi } from '../../scripts/deploy/auth';

describe('where a deploy sends its access token', () => {
  it("only to Google's https APIs", () => {
    expect(isGoogleApi(new URL('https://firebasehosting.googleapis.com/v1beta1/sites/x/versions'))).toBe(true);
    expect(isGoogleApi(new URL('https://upload-firebasehosting.googleapis.com/upload/sites/x/versions/y/files/abc'))).toBe(true);
    expect(isGoogleApi(new URL('http://firebasehosting.googleapis.com/v1beta1/'))).toBe(false);
    expect(isGoogleApi(new URL('https://googleapis.com.example.net/'))).toBe(false);
    expect(isGoogleApi(new URL('https://example.net/x.googleapis.com'))).toBe(false);
    expect(isGoogleApi(new URL('http://127.0.0.1:5070/v1beta1/'))).toBe(false);
  });

  it('asks for no credentials at all for the local stand-in', async () => {
    const auth = applicationDefaultAuth();
    expect(await auth(new URL('http://127.0.0.1:5070/v1beta1/sites/demo-x/versions'))).toEqual({});
  });

  it('gets them from google-auth-library, which firebase-admin installs', async () => {
    const { GoogleAuth } = await import('google-auth-library');
    expect(typeof new GoogleAuth().getAccessToken).toBe('function');
  });
});
