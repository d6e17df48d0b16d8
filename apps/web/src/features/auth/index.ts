// The auth feature's public surface: what other features may import (the walls, decision 0020).
export { authKeys, fetchMe, useMe, useSession } from './api.ts';
export { useCan, useInRoleGroup } from './useCan.ts';
