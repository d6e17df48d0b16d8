import { type AppConfig, coreApi } from '@cab/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

const coreKeys = {
  all: ['core'] as const,
  config: () => [...coreKeys.all, 'config'] as const,
};

/** GET /api/core/config/ (public): environment, test flag, version. Loaded once. */
export function useAppConfig() {
  return useQuery<AppConfig>({
    queryKey: coreKeys.config(),
    queryFn: () => call(coreApi.config, { skipCommonHandling: true }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** True when the app bar must use the error colour (SPEC 2). */
export function useIsTestEnvironment(): boolean {
  return useAppConfig().data?.is_test_environment ?? false;
}
