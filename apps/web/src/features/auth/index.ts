// The auth feature's public surface: what other features may import (the walls, decision 0020).
export { useMe, useSession } from './api.ts';
export { authKeys, fetchMe } from './session.ts';
export { useCan, useInRoleGroup } from './useCan.ts';
