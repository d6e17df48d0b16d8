import { deriveRole, type Me, type PasswordChangeBody, type PasswordUpdateBody, type Role } from '@cab/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { setToken } from '../../lib/token.ts';
import { authKeys, fetchMe, loadAuthCalls, useToken } from './session.ts';

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

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await (await loadAuthCalls()).signOut();
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
    mutationFn: async (body: PasswordUpdateBody) => (await loadAuthCalls()).updatePassword(body),
  });
}

export function usePasswordChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PasswordChangeBody) => (await loadAuthCalls()).changePassword(body),
    onSuccess: () => queryClient.refetchQueries({ queryKey: authKeys.me() }),
  });
}
