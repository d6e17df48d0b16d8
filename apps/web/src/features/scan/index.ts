// The scan feature's public surface (issue 18): what other features may import (the walls, decision 0020).
export { scanKeys } from './api.ts';
