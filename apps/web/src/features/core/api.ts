import { type AppConfig, coreApi, setShopTimeZone } from '@cab/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

const coreKeys = {
  all: ['core'] as const,
  config: () => [...coreKeys.all, 'config'] as const,
};

/**
 * GET /api/core/config/ (public): environment, test flag, version and the shop's time zone,
 * which from then on counts every day and shows every moment of the app (issue 35). Loaded once.
 */
export function useAppConfig() {
  return useQuery<AppConfig>({
    queryKey: coreKeys.config(),
    queryFn: async () => {
      const config = await call(coreApi.config, { skipCommonHandling: true });
      setShopTimeZone(config.time_zone);
      return config;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** True when the app bar must use the error colour (SPEC 2). */
export function useIsTestEnvironment(): boolean {
  return useAppConfig().data?.is_test_environment ?? false;
}
