import { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from './api-error.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Errors were already shown (or redirected) by the API client: retry only lost connections.
      retry: (failureCount, error) => (isApiRequestError(error) ? error.status === 0 && failureCount < 2 : false),
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
