/** Where to go after signing in: the page first asked for (a same-origin path), else '/'. */
export function safeRedirectTarget(from: unknown): string {
  if (typeof from !== 'string') return '/';
  if (!from.startsWith('/') || from.startsWith('//') || from.startsWith('/login')) return '/';
  return from;
}

export interface LoginLocationState {
  from?: string;
}
