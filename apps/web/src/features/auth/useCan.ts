import { type Access, can, type Role } from '@cab/shared';
import { useSession } from './api.ts';

/**
 * May the signed-in user call this endpoint? The same check the server applies to the
 * contract's `access` (http/route.ts), so an action is shown exactly when the server allows it:
 * `const canCreate = useCan(catalogApi.itemCreate)`.
 */
export function useCan(endpoint: { access: Access }): boolean {
  return can(endpoint, useSession().role);
}

/**
 * Is the signed-in user in one of the role groups of ROLE_GROUPS? For what no endpoint's access
 * says on its own, e.g. the fields of a form only an admin may change: `useInRoleGroup(ROLE_GROUPS.admin)`.
 */
export function useInRoleGroup(group: readonly Role[]): boolean {
  const { role } = useSession();
  return role !== null && group.includes(role);
}
