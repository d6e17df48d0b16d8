import { type Order, REMAKE_STATUS_LABELS, REMAKE_TEXT } from '@cab/shared';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/**
 * The remake links of the order's header (issue 29): a remake order links to the order it remakes;
 * an order with remakes lists them, each approved one linking to its remake order.
 */
export function RemakeLinks({ order }: { order: Pick<Order, 'remake_of' | 'remakes'> }) {
  const { remake_of: of, remakes } = order;
  return (
    <>
      {of && (
        <Box data-testid="order-remake-of">
          <Typography variant="caption" color="text.secondary" component="div">
            {REMAKE_TEXT.remakeOf}
          </Typography>
          <Link component={RouterLink} to={`/orders/${of.order.id}`} variant="body2">
            {REMAKE_TEXT.remakeOfLink(of.order.id, of.order.name, of.remake_id)}
          </Link>
        </Box>
      )}
      {remakes.length > 0 && (
        <Box data-testid="order-remakes">
          <Typography variant="caption" color="text.secondary" component="div">
            {REMAKE_TEXT.remakesField}
          </Typography>
          {remakes.map((r) => (
            <Typography key={r.id} variant="body2" data-testid="order-remake" data-status={r.status}>
              {r.remake_order ? (
                <Link component={RouterLink} to={`/orders/${r.remake_order.id}`}>
                  {REMAKE_TEXT.remakeOrderLink(r.remake_order.id, r.remake_order.name)}
                </Link>
              ) : (
                REMAKE_TEXT.remakeWithoutOrder(r.id, REMAKE_STATUS_LABELS[r.status])
              )}
            </Typography>
          ))}
        </Box>
      )}
    </>
  );
}
