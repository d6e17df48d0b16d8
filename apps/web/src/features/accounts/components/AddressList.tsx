import { ACCOUNTS_TEXT, type Address } from '@cab/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

/** A read-only list of billing and shipping addresses. */
export function AddressList({ addresses, loading }: { addresses: Address[] | undefined; loading: boolean }) {
  if (loading) return <Skeleton variant="rounded" height={96} />;
  if (!addresses?.length) {
    return (
      <Typography color="text.secondary" data-testid="no-addresses">
        {ACCOUNTS_TEXT.noAddresses}
      </Typography>
    );
  }
  return (
    <Grid container spacing={2} data-testid="address-list">
      {addresses.map((a) => (
        <Grid key={a.id} size={{ xs: 12, md: 6 }}>
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            <Box sx={{ display: 'flex', gap: 1, mb: 1 }}>
              <Chip size="small" label={a.kind === 'BILLING' ? ACCOUNTS_TEXT.billing : ACCOUNTS_TEXT.shipping} />
              {a.is_default && <Chip size="small" color="primary" label={ACCOUNTS_TEXT.defaultAddress} />}
            </Box>
            {a.name && <Typography sx={{ fontWeight: 600 }}>{a.name}</Typography>}
            <Typography variant="body2">{a.line1}</Typography>
            {a.line2 && <Typography variant="body2">{a.line2}</Typography>}
            <Typography variant="body2">
              {a.city}, {a.state} {a.postal_code}
            </Typography>
            {a.phone && (
              <Typography variant="body2" color="text.secondary">
                {a.phone}
              </Typography>
            )}
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
