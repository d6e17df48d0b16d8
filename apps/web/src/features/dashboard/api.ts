import { coreApi, type Dashboard } from '@cab/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: () => [...dashboardKeys.all, 'summary'] as const,
};

export function useDashboard() {
  return useQuery<Dashboard>({ queryKey: dashboardKeys.summary(), queryFn: () => call(coreApi.dashboard) });
}
