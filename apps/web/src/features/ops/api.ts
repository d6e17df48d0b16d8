import { opsApi } from '@cab/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

const opsKeys = { jobs: ['ops', 'jobs'] as const };

/** The background jobs; read again every second while a run the admin asked for is under way. */
export function useJobs(watching: boolean) {
  return useQuery({
    queryKey: opsKeys.jobs,
    queryFn: ({ signal }) => call(opsApi.jobs, { signal }),
    refetchInterval: watching ? 1000 : false,
  });
}

/** Makes a job due now (a stopped one starts over with its retries); a server's runner picks it up. */
export function useRunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(opsApi.runJob, { params: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opsKeys.jobs }),
  });
}
