import {
  authApi,
  deriveRole,
  type LoginBody,
  type Me,
  type PasswordChangeBody,
  type PasswordUpdateBody,
  type Role,
} from '@cab/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { call } from '../../lib/api.ts';
import { getToken, setToken, subscribeToken } from '../../lib/token.ts';

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

export function fetchMe(): Promise<Me> {
  return call(authApi.me);
}

function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}

export interface Session {
  token: string | null;
  me: Me | undefined;
  role: Role | null;
  /** A token exists and the user is still being loaded. */
  isLoading: boolean;
  error: Error | null;
  refetch: () => void;
}

/** The signed-in user (GET /api/users/me/) and the derived role (SPEC 6). */
export function useSession(): Session {
  const token = useToken();
  const query = useQuery({
    queryKey: authKeys.me(),
    queryFn: fetchMe,
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
  const me = token ? query.data : undefined;
  return {
    token,
    me,
    role: me ? deriveRole(me) : null,
    isLoading: token !== null && query.isPending,
    error: token ? query.error : null,
    refetch: () => void query.refetch(),
  };
}

/** The signed-in user, for components rendered behind the guard. */
export function useMe(): Me {
  const { me } = useSession();
  if (!me) throw new Error('useMe() used outside an authenticated route');
  return me;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      // The login form shows the server's message itself (wrong password, rate limit).
      const { token } = await call(authApi.login, { body, skipCommonHandling: true });
      queryClient.clear();
      setToken(token);
      return queryClient.fetchQuery({ queryKey: authKeys.me(), queryFn: fetchMe });
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await call(authApi.logout, { skipCommonHandling: true });
      } catch {
        // Signing out locally must work even when the server call fails.
      }
    },
    onSettled: () => {
      setToken(null, 'logout');
      queryClient.clear();
    },
  });
}

export function usePasswordUpdate() {
  return useMutation({
    mutationFn: (body: PasswordUpdateBody) => call(authApi.passwordUpdate, { body, form: true }),
  });
}

export function usePasswordChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChangeBody) => call(authApi.passwordChange, { body, form: true }),
    onSuccess: () => queryClient.refetchQueries({ queryKey: authKeys.me() }),
  });
}
