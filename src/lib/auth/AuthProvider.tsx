/**
 * The React face of the auth store. Every island that needs the user wraps
 * itself in AuthProvider; useAuth outside one is a programming error, and
 * says so, instead of silently reading a store nobody started.
 */
import { useStore } from '@nanostores/react';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { $accountType, $authLoading, $user, startAuthListener } from './auth-store';

const AuthContext = createContext(false);

export function AuthProvider({ children }: { children: ReactNode }) {
  useEffect(startAuthListener, []);
  return <AuthContext.Provider value={true}>{children}</AuthContext.Provider>;
}

export function useAuth() {
  if (!useContext(AuthContext)) throw new Error('useAuth must be used within AuthProvider');
  return {
    user: useStore($user),
    loading: useStore($authLoading),
    accountType: useStore($accountType),
  };
}
