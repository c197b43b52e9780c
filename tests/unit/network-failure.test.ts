import { describe, expect, it } from 'vitest';
import { isNetworkFailure } from '../../src/lib/firebase/error-code';
import { saveErrorMessage } from '../../src/lib/profile/save-errors';
import { reportErrorMessage } from '../../src/lib/reports/report';

const firestoreError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('a request that got no answer', () => {
  it.each([
    ['the lite SDK wrapping a failed fetch', firestoreError('unknown', 'Request failed with error: Failed to fetch')],
    ['the full SDK offline', firestoreError('unavailable', 'Failed to get document because the client is offline.')],
    ['a timeout', firestoreError('deadline-exceeded', 'Deadline exceeded')],
    ['Chromium', new TypeError('Failed to fetch')],
    ['Firefox', new TypeError('NetworkError when attempting to fetch resource.')],
    ['Safari', new TypeError('Load failed')],
  ])('is told apart: %s', (_, error) => {
    expect(isNetworkFailure(error)).toBe(true);
  });

  it.each([
    ['a refusal', firestoreError('permission-denied', 'Missing or insufficient permissions.')],
    ['another unknown error', firestoreError('unknown', 'Something else broke')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['not an error', 'offline'],
  ])('is not confused with %s', (_, error) => {
    expect(isNetworkFailure(error)).toBe(false);
  });

  it('gets the connection message, and keeps what she typed', () => {
    const dropped = firestoreError('unknown', 'Request failed with error: Failed to fetch');
    expect(saveErrorMessage(dropped)).toMatch(/通信できませんでした/);
    expect(reportErrorMessage(dropped)).toMatch(/通信できなかったため.*入力した内容は残っています/);
  });
});
