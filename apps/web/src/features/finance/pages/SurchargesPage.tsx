import { FINANCE_LABELS, PAYMENT_METHODS, type Surcharge, surchargeBodySchema } from '@cab/shared';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { orNull, RuleFormDialog, textsOf } from '../components/RuleFormDialog.tsx';
import { activeFilter, moneyText, percentText, RuleListPage, yesNo } from '../components/RuleListPage.tsx';

interface Values {
  name: string;
  percentage: string;
  amount: string;
  payment_method: string;
  applies_below: string;
  is_active: boolean;
}

const toBody = (v: Values) => ({
  name: v.name,
  percentage: orNull(v.percentage),
  amount: orNull(v.amount),
  payment_method: orNull(v.payment_method),
  applies_below: orNull(v.applies_below),
  is_active: v.is_active,
});

const COLUMNS: DataColumn<Surcharge>[] = [
  { key: 'name', header: FINANCE_LABELS.name, render: (s) => <strong>{s.name}</strong> },
  { key: 'percentage', header: FINANCE_LABELS.percentage, render: (s) => percentText(s.percentage) },
  { key: 'amount', header: FINANCE_LABELS.amount, align: 'right', render: (s) => moneyText(s.amount) },
  {
    key: 'payment_method',
    header: FINANCE_LABELS.paymentMethod,
    render: (s) => s.payment_method ?? FINANCE_LABELS.anyMethod,
  },
  {
    key: 'applies_below',
    header: FINANCE_LABELS.appliesBelow,
    align: 'right',
    render: (s) => moneyText(s.applies_below),
  },
  { key: 'is_active', header: FINANCE_LABELS.active, render: (s) => yesNo(s.is_active) },
];

function SurchargeDialog({ row, onClose }: { row: Surcharge | null; onClose: () => void }) {
  return (
    <RuleFormDialog<Values, Surcharge>
      kind="surcharge"
      what={FINANCE_LABELS.surchargeOne}
      row={row}
      label={(s) => s.name}
      defaults={{
        name: row?.name ?? '',
        ...textsOf(row, ['percentage', 'amount', 'payment_method', 'applies_below']),
        is_active: row?.is_active ?? true,
      }}
      schema={surchargeBodySchema}
      toBody={toBody}
      testId="surcharge-dialog"
      onClose={onClose}
      fields={[
        { name: 'name', label: FINANCE_LABELS.name, size: 'full', required: true, autoFocus: true },
        { name: 'percentage', label: FINANCE_LABELS.percentage, size: 'half', inputMode: 'decimal' },
        { name: 'amount', label: FINANCE_LABELS.amount, size: 'half', type: 'money' },
        {
          name: 'payment_method',
          label: FINANCE_LABELS.paymentMethod,
          type: 'select',
          size: 'half',
          options: PAYMENT_METHODS,
          noneLabel: FINANCE_LABELS.anyMethod,
        },
        { name: 'applies_below', label: FINANCE_LABELS.appliesBelow, size: 'half', type: 'money' },
        { name: 'is_active', label: FINANCE_LABELS.active, type: 'switch', size: 'half' },
      ]}
    />
  );
}

/** /finance/payments/surcharges: fees by payment method or below an order total (ADMIN). */
export default function SurchargesPage() {
  return (
    <RuleListPage<Surcharge, { search: string; is_active: string }>
      kind="surcharge"
      what={FINANCE_LABELS.surchargeOne}
      filters={{ search: '', is_active: '' }}
      filterFields={[
        { kind: 'text', name: 'search', label: FINANCE_LABELS.name, search: true, testId: 'filter-surcharge-name' },
        activeFilter('filter-surcharge-active'),
      ]}
      orderBy="name"
      columns={COLUMNS}
      label={(s) => s.name}
      testId="surcharge"
      dialog={(row, onClose) => <SurchargeDialog row={row} onClose={onClose} />}
    />
  );
}
