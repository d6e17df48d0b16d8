/** Access-matrix samples of the ops endpoints (access.test.ts): the health checks take no input. */
export function opsSamples(): Record<string, { query?: Record<string, string> }> {
  return { 'opsApi.live': {}, 'opsApi.ready': {} };
}
