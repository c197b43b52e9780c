import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuthProvider, useAuth } from '../../src/lib/auth/AuthProvider';

function ShowAuth() {
  const { user, loading, accountType } = useAuth();
  return <p>{JSON.stringify({ user, loading, accountType })}</p>;
}

describe('useAuth', () => {
  it('raises the SPEC error outside AuthProvider', () => {
    expect(() => renderToString(<ShowAuth />)).toThrow('useAuth must be used within AuthProvider');
  });

  it('inside AuthProvider reports loading, no user and no type until the sign-in state is known', () => {
    const html = renderToString(
      <AuthProvider>
        <ShowAuth />
      </AuthProvider>,
    );
    expect(html).toContain(JSON.stringify({ user: null, loading: true, accountType: null }).replaceAll('"', '&quot;'));
  });
});
