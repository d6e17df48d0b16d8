import { type DiscountCode, discountCodeRuleBodySchema, FINANCE_LABELS } from '@cab/shared';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { orNull, RuleFormDialog, textsOf } from '../components/RuleFormDialog.tsx';
import { activeFilter, moneyText, percentText, RuleListPage, yesNo } from '../components/RuleListPage.tsx';

interface Values {
  code: string;
  percentage: string;
  amount: string;
  valid_from: string;
  valid_to: string;
  usage_limit: string;
  minimum_total: string;
  is_active: boolean;
}

const toBody = (v: Values) => ({
  code: v.code,
  percentage: orNull(v.percentage),
  amount: orNull(v.amount),
  valid_from: orNull(v.valid_from),
  valid_to: orNull(v.valid_to),
  usage_limit: orNull(v.usage_limit),
  minimum_total: orNull(v.minimum_total),
  is_active: v.is_active,
});

const COLUMNS: DataColumn<DiscountCode>[] = [
  { key: 'code', header: FINANCE_LABELS.code, render: (c) => <strong>{c.code}</strong> },
  { key: 'percentage', header: FINANCE_LABELS.percentage, render: (c) => percentText(c.percentage) },
  { key: 'amount', header: FINANCE_LABELS.amount, align: 'right', render: (c) => moneyText(c.amount) },
  { key: 'valid_from', header: FINANCE_LABELS.validFrom, render: (c) => c.valid_from ?? '—' },
  { key: 'valid_to', header: FINANCE_LABELS.validTo, render: (c) => c.valid_to ?? '—' },
  {
    key: 'minimum_total',
    header: FINANCE_LABELS.minimumTotal,
    align: 'right',
    render: (c) => moneyText(c.minimum_total),
  },
  {
    key: 'times_used',
    header: FINANCE_LABELS.timesUsed,
    render: (c) => (c.usage_limit === null ? String(c.times_used) : `${c.times_used} / ${c.usage_limit}`),
  },
  { key: 'is_active', header: FINANCE_LABELS.active, render: (c) => yesNo(c.is_active) },
];

function DiscountCodeDialog({ row, onClose }: { row: DiscountCode | null; onClose: () => void }) {
  return (
    <RuleFormDialog<Values, DiscountCode>
      kind="discountCode"
      what={FINANCE_LABELS.discountCodeOne}
      row={row}
      label={(c) => c.code}
      defaults={{
        code: row?.code ?? '',
        ...textsOf(row, ['percentage', 'amount', 'valid_from', 'valid_to', 'usage_limit', 'minimum_total']),
        is_active: row?.is_active ?? true,
      }}
      schema={discountCodeRuleBodySchema}
      toBody={toBody}
      testId="discount-code-dialog"
      onClose={onClose}
      fields={[
        {
          name: 'code',
          label: FINANCE_LABELS.code,
          size: 'full',
          required: true,
          autoFocus: true,
          testId: 'code-code',
        },
        {
          name: 'percentage',
          label: FINANCE_LABELS.percentage,
          size: 'half',
          inputMode: 'decimal',
          testId: 'code-percentage',
        },
        { name: 'amount', label: FINANCE_LABELS.amount, size: 'half', type: 'money', testId: 'code-amount' },
        { name: 'valid_from', label: FINANCE_LABELS.validFrom, size: 'half', helperText: FINANCE_LABELS.dateHint },
        { name: 'valid_to', label: FINANCE_LABELS.validTo, size: 'half', helperText: FINANCE_LABELS.dateHint },
        { name: 'usage_limit', label: FINANCE_LABELS.usageLimit, size: 'half', inputMode: 'numeric' },
        { name: 'minimum_total', label: FINANCE_LABELS.minimumTotal, size: 'half', type: 'money' },
        { name: 'is_active', label: FINANCE_LABELS.active, type: 'switch', size: 'half' },
      ]}
    />
  );
}

/** /finance/discounts/code: the codes customers enter on an order (ADMIN); times used is counted by the orders. */
export default function CodeDiscountsPage() {
  return (
    <RuleListPage<DiscountCode, { search: string; is_active: string }>
      kind="discountCode"
      what={FINANCE_LABELS.discountCodeOne}
      filters={{ search: '', is_active: '' }}
      filterFields={[
        { kind: 'text', name: 'search', label: FINANCE_LABELS.code, search: true, testId: 'filter-code' },
        activeFilter('filter-code-active'),
      ]}
      orderBy="code"
      columns={COLUMNS}
      label={(c) => c.code}
      testId="discount-code"
      dialog={(row, onClose) => <DiscountCodeDialog row={row} onClose={onClose} />}
    />
  );
}
