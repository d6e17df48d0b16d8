// The catalog feature's public surface: what other features may import (the walls, decision 0020).
export { catalogKeys } from './api.ts';
