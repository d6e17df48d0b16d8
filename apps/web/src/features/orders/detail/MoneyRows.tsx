import { formatWireMoney, formatWirePercent, parseMoney, ORDERS_WEB_TEXT as T } from '@cab/shared';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';

/** One label and amount of a price list (the order's, the submit page's total, the builder's totals). */
export interface MoneyRow {
  label: string;
  value: string;
  /** The row's test id; its amount is `${testId}-value` unless `valueTestId` names it. */
  testId?: string;
  valueTestId?: string;
  /** The total: in bold, under a rule. */
  strong?: boolean;
}

/** A discount is an amount taken off: shown with a minus sign. */
export const minus = (wire: string) => (parseMoney(wire) === 0 ? formatWireMoney(wire) : `-${formatWireMoney(wire)}`);

/** The amounts every priced order has from the discounts on: the order page and the submit page show them alike. */
export interface FinalAmounts {
  total_after_discount: string;
  surcharge: string;
  payment_option_discount: string;
  total_before_tax: string;
  sales_tax_in_percentage: string;
  sales_tax_amount: string;
  total_price: string;
}

/** The rows from the total after discounts to the total, their test ids `${prefix}-after-discount` .. `${prefix}-total`. */
export function finalRows(prefix: string, p: FinalAmounts): MoneyRow[] {
  return [
    { label: T.totalAfterDiscount, value: formatWireMoney(p.total_after_discount), testId: `${prefix}-after-discount` },
    { label: T.surcharge, value: formatWireMoney(p.surcharge), testId: `${prefix}-surcharge` },
    {
      label: T.paymentOptionDiscount,
      value: minus(p.payment_option_discount),
      testId: `${prefix}-payment-option-discount`,
    },
    { label: T.totalBeforeTax, value: formatWireMoney(p.total_before_tax), testId: `${prefix}-before-tax` },
    {
      label: T.salesTax(formatWirePercent(p.sales_tax_in_percentage)),
      value: formatWireMoney(p.sales_tax_amount),
      testId: `${prefix}-sales-tax`,
    },
    { label: T.total, value: formatWireMoney(p.total_price), testId: `${prefix}-total`, strong: true },
  ];
}

/** A price list: one line per amount, the total in bold under a rule. */
export function MoneyRows({ rows }: { rows: readonly MoneyRow[] }) {
  return rows.map(({ label, value, testId, valueTestId, strong }) => (
    <Box key={label}>
      {strong && <Divider sx={{ my: 1 }} />}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }} data-testid={testId}>
        <Typography
          variant="body2"
          color={strong ? 'text.primary' : 'text.secondary'}
          sx={{ fontWeight: strong ? 700 : 400 }}
        >
          {label}
        </Typography>
        <Typography
          variant="body2"
          sx={{ fontWeight: strong ? 700 : 500 }}
          data-testid={valueTestId ?? (testId && `${testId}-value`)}
        >
          {value}
        </Typography>
      </Box>
    </Box>
  ));
}
