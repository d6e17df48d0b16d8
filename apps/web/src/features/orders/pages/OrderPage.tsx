import {
  BUILDER_TEXT,
  ORDER_DETAIL_TEXT as D,
  ORDER_STATUS_LABELS,
  ORDER_TIMELINE_TEXT,
  type Order,
  type OrderStatus,
  PRODUCTION_TEXT,
  ROLE_GROUPS,
  ORDERS_WEB_TEXT as T,
  WEB_TEXT,
} from '@cab/shared';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import GlobalStyles from '@mui/material/GlobalStyles';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { OrderApprovalPanel } from '../../approvals/index.ts';
import { useInRoleGroup } from '../../auth/index.ts';
import { OrderInvoiceField } from '../../invoices/index.ts';
import { OrderProposalsPanel } from '../../proposals/index.ts';
import { useOrder, usePaymentOptions, useTimeline } from '../api.ts';
import { OrderBuilder } from '../builder/OrderBuilder.tsx';
import { addressText } from '../detail/address.ts';
import { OrderActions } from '../detail/OrderActions.tsx';
import { OrderLines } from '../detail/OrderLines.tsx';
import { OrderTabs } from '../detail/OrderTabs.tsx';
import { PriceSummary } from '../detail/PriceSummary.tsx';
import { RemakeLinks } from '../detail/RemakeLinks.tsx';
import { droppedImportLines } from '../detail/timeline.ts';
import { formatDay } from '../list/day.ts';
import { StatusChip } from '../list/StatusChip.tsx';

function Field({ label, value, testId }: { label: string; value: string | null | undefined; testId: string }) {
  if (!value) return null;
  return (
    <Box data-testid={testId}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2">{value}</Typography>
    </Box>
  );
}

const labelOf = (labels: Record<string, string>, value: string | null) => (value ? (labels[value] ?? value) : null);

/** What the customer chose at submit (SPEC 3 submit fields), read from the order answer. */
function SubmitFields({ order }: { order: Order }) {
  // The answer carries the option's id: its name comes from the options the order may use.
  const options = usePaymentOptions(order.id, '', order.customer_payment_option !== null);
  const option = options.data?.results.find((o) => o.id === order.customer_payment_option);
  const contact = [order.delivery_contact_name, order.delivery_contact_phone].filter(Boolean).join(', ');
  return (
    <>
      <Field
        label={D.shippingMethod}
        value={labelOf(T.shippingLabels, order.shipping_method)}
        testId="order-shipping-method"
      />
      <Field
        label={D.billingAddress}
        value={order.billing_address && addressText(order.billing_address)}
        testId="order-billing-address"
      />
      <Field
        label={D.shippingAddress}
        value={order.shipping_address && addressText(order.shipping_address)}
        testId="order-shipping-address"
      />
      <Field label={D.deliveryContact} value={contact} testId="order-delivery-contact" />
      <Field label={D.deliveryNotes} value={order.delivery_notes} testId="order-delivery-notes" />
      <Field label={D.jobPriority} value={labelOf(T.priorityLabels, order.job_priority)} testId="order-priority" />
      <Field
        label={D.completionPreference}
        value={labelOf(T.completionLabels, order.completion_preference)}
        testId="order-completion"
      />
      <Field label={D.paymentOption} value={option?.name} testId="order-payment-option" />
      <Field
        label={D.paymentMethod}
        value={labelOf(T.paymentLabels, order.payment_method)}
        testId="order-payment-method"
      />
    </>
  );
}

function OrderHeader({ order }: { order: Order }) {
  const shop = useInRoleGroup(ROLE_GROUPS.shop);
  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
          <Typography variant="h4" component="h1" sx={{ flex: '1 1 auto' }} data-testid="order-title">
            {T.orderTitle(order.id, order.name)}
          </Typography>
          {shop && order.cabinets.total > 0 && (
            <Button component={RouterLink} to={`/orders/${order.id}/scan_sessions`} data-testid="order-scan-sessions">
              {PRODUCTION_TEXT.scanSessionsLink}
            </Button>
          )}
          <StatusChip status={order.status} size="medium" />
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 2, mb: 2 }}>
          <Field label={T.customer} value={order.customer_display} testId="order-customer" />
          <Field label={T.poNumber} value={order.po_number} testId="order-po" />
          <Field label={T.created} value={formatDateTime(order.created_at)} testId="order-created" />
          <Field label={T.submitted} value={formatDateTime(order.submitted_at)} testId="order-submitted" />
          <Field label={T.requestedDate} value={formatDay(order.requested_date)} testId="order-requested" />
          <Field label={T.dueDate} value={formatDay(order.due_date)} testId="order-due" />
          <Field
            label={PRODUCTION_TEXT.cabinets}
            value={order.cabinets.total > 0 ? PRODUCTION_TEXT.cabinetCounts(order.cabinets) : null}
            testId="order-cabinets"
          />
          <RemakeLinks order={order} />
          <SubmitFields order={order} />
          <OrderInvoiceField invoice={order.invoice} />
        </Box>
        <Stack spacing={1} sx={{ mb: 2 }}>
          {order.in_editing_mode && <Alert severity="info">{T.inEditingMode}</Alert>}
          {order.error_count > 0 && <Alert severity="error">{T.groupErrors(order.error_count)}</Alert>}
          {order.metadata.status_notes.map((n) => (
            <Alert key={`${n.status}-${n.at}`} severity="warning" data-testid="status-note">
              <strong>{T.statusNote(ORDER_STATUS_LABELS[n.status as OrderStatus] ?? n.status)}:</strong> {n.note}
            </Alert>
          ))}
          <OrderApprovalPanel order={order} />
          <OrderProposalsPanel order={order} />
          {order.status === 'BID' && <ImportDropped id={order.id} />}
        </Stack>
        <OrderActions order={order} />
      </CardContent>
    </Card>
  );
}

/** A bid's lines its 2020 import left out, on the bid itself (they were only on the Timeline). */
function ImportDropped({ id }: { id: number }) {
  const lines = droppedImportLines(useTimeline(id).data?.results ?? []);
  if (!lines) return null;
  return (
    <Alert severity="warning" data-testid="import-dropped">
      <AlertTitle>{ORDER_TIMELINE_TEXT.importDroppedTitle}</AlertTitle>
      {lines.map((line) => (
        <Box key={line}>{line}</Box>
      ))}
    </Alert>
  );
}

/**
 * /orders/build and /orders/{id}: one page for both, so a new order's first save (which moves to
 * /orders/{id}) keeps the same builder on screen, focus and keys typed meanwhile included. A saved
 * order has its header and lifecycle buttons, price summary, groups and lines, and its tabs.
 */
export default function OrderPage() {
  const param = useParams().id;
  const isNew = param === undefined;
  const query = useOrder(Number(param), !isNew);
  const order = isNew ? undefined : query.data;
  if (!isNew && query.isError && !order) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {WEB_TEXT.tryAgain}
          </Button>
        }
      >
        {T.loadFailed}
      </Alert>
    );
  }
  if (!isNew && !order) return <Skeleton variant="rounded" height={320} />;
  const editable = !order || order.can_be_updated;
  // The builder keeps its place in this tree whether the order is new or saved: never remounted.
  return (
    <Stack spacing={3} data-testid={order ? 'order-page' : 'build-order-page'} data-order-id={order?.id}>
      {/* Printed for the shop floor on Letter paper, portrait. */}
      <GlobalStyles styles={{ '@page': { size: 'letter portrait', margin: '0.5in' } }} />
      {order ? <OrderHeader order={order} /> : <PageHeader title={BUILDER_TEXT.title} />}
      {/* Wide screens: the prices beside the lines; otherwise above them, where a discount is seen at once. */}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: order ? { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 340px' } : 'minmax(0, 1fr)',
        }}
      >
        <Box sx={{ minWidth: 0, order: { xs: 2, xl: 1 } }}>
          {editable ? <OrderBuilder order={order} /> : order && <OrderLines order={order} />}
        </Box>
        {order && (
          <Box sx={{ order: { xs: 1, xl: 2 }, maxWidth: { xs: 560, xl: 'none' }, breakInside: 'avoid' }}>
            <PriceSummary order={order} />
          </Box>
        )}
      </Box>
      {order && (
        <Box sx={{ displayPrint: 'none' }}>
          <OrderTabs order={order} />
        </Box>
      )}
    </Stack>
  );
}
