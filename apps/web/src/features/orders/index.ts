// The orders feature's public surface: what other features may import (the walls, decision 0020).
export { orderKeys, storeOrder, useOrder } from './api.ts';
export { StatusChip } from './list/StatusChip.tsx';
