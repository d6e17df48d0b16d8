import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../../lib/queryClient.ts';
import { AccessRequestDialog } from '../../accounts/index.ts';

/**
 * The access-request form opened from /login. /login renders without the query client (decision
 * 0066): the form brings it, with its own code, when a visitor opens it.
 */
export default function GuestAccessRequest({ onClose }: { onClose: () => void }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AccessRequestDialog onClose={onClose} />
    </QueryClientProvider>
  );
}
