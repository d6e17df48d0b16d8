import type { LoginBody, Me } from '@cab/shared';
import { useSyncExternalStore } from 'react';
import { getToken, setToken, subscribeToken } from '../../lib/token.ts';

/**
 * What /login needs of the session without react-query (decision 0066): the token, the auth
 * calls' loader and the sign-in. The query client and its hooks (api.ts) load with the first
 * page that has a session to show, or when a person signs in.
 */

/** The auth calls, loaded on the first call (calls.ts: the contracts stay off /login's first load). */
export const loadAuthCalls = () => import('./calls.ts');

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

export async function fetchMe(): Promise<Me> {
  return (await loadAuthCalls()).fetchMe();
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}

/**
 * Signs in: the token, then the signed-in user, fetched into the query cache before the route
 * guard sends the person on (the guard renders as soon as the token is set).
 */
export async function signIn(body: LoginBody): Promise<Me> {
  const [calls, { queryClient }] = await Promise.all([loadAuthCalls(), import('../../lib/queryClient.ts')]);
  const { token } = await calls.signIn(body);
  queryClient.clear();
  setToken(token);
  return queryClient.fetchQuery({ queryKey: authKeys.me(), queryFn: fetchMe });
}
