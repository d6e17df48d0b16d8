import { coreApi, type Dashboard } from '@cab/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { LIVE_EVENT_KINDS, useLiveEvents } from '../../lib/live-events.ts';

const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: () => [...dashboardKeys.all, 'summary'] as const,
};

export function useDashboard() {
  // Every kind moves some figure (a scan, a status, a remake, a plan, a payment): kept live.
  useLiveEvents(LIVE_EVENT_KINDS, { keys: [dashboardKeys.all] });
  return useQuery<Dashboard>({ queryKey: dashboardKeys.summary(), queryFn: () => call(coreApi.dashboard) });
}
