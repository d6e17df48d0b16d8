import { FINANCE_LABELS, type PaymentRule, paymentRuleBodySchema } from '@cab/shared';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useCompanyChoices, usePaymentOptionChoices } from '../api.ts';
import { orNull, RuleFormDialog, textsOf } from '../components/RuleFormDialog.tsx';
import { activeFilter, moneyText, RuleListPage, yesNo } from '../components/RuleListPage.tsx';

interface Values {
  payment_option: string;
  account_type: string;
  company: string;
  min_total: string;
  max_total: string;
  is_active: boolean;
}

const toBody = (v: Values) => ({
  payment_option: v.payment_option === '' ? undefined : v.payment_option,
  account_type: orNull(v.account_type),
  company: orNull(v.company),
  min_total: orNull(v.min_total),
  max_total: orNull(v.max_total),
  is_active: v.is_active,
});

const ACCOUNT_TYPE_LABELS: Record<string, string> = { P: FINANCE_LABELS.personal, B: FINANCE_LABELS.business };

type Names = Map<number, string>;
const namesOf = (rows: { id: number; name: string }[] | undefined): Names => new Map(rows?.map((r) => [r.id, r.name]));

function columns(options: Names, companies: Names): DataColumn<PaymentRule>[] {
  return [
    {
      key: 'payment_option',
      header: FINANCE_LABELS.paymentOption,
      render: (r) => <strong>{options.get(r.payment_option) ?? `#${r.payment_option}`}</strong>,
    },
    {
      key: 'account_type',
      header: FINANCE_LABELS.accountType,
      render: (r) => (r.account_type ? ACCOUNT_TYPE_LABELS[r.account_type] : FINANCE_LABELS.any),
    },
    {
      key: 'company',
      header: FINANCE_LABELS.company,
      render: (r) => (r.company === null ? FINANCE_LABELS.any : (companies.get(r.company) ?? `#${r.company}`)),
    },
    { key: 'min_total', header: FINANCE_LABELS.minTotal, align: 'right', render: (r) => moneyText(r.min_total) },
    { key: 'max_total', header: FINANCE_LABELS.maxTotal, align: 'right', render: (r) => moneyText(r.max_total) },
    { key: 'is_active', header: FINANCE_LABELS.active, render: (r) => yesNo(r.is_active) },
  ];
}

const choiceProps = (names: Names) => ({
  options: [...names.keys()].map(String),
  labels: Object.fromEntries([...names].map(([id, name]) => [String(id), name])),
});

function PaymentRuleDialog({
  row,
  options,
  companies,
  onClose,
}: {
  row: PaymentRule | null;
  options: Names;
  companies: Names;
  onClose: () => void;
}) {
  return (
    <RuleFormDialog<Values, PaymentRule>
      kind="paymentRule"
      what={FINANCE_LABELS.paymentRuleOne}
      row={row}
      label={(r) => options.get(r.payment_option) ?? FINANCE_LABELS.paymentRuleOne}
      defaults={{
        ...textsOf(row, ['payment_option', 'account_type', 'company', 'min_total', 'max_total']),
        is_active: row?.is_active ?? true,
      }}
      schema={paymentRuleBodySchema}
      toBody={toBody}
      testId="payment-rule-dialog"
      onClose={onClose}
      fields={[
        {
          name: 'payment_option',
          label: FINANCE_LABELS.paymentOption,
          type: 'select',
          size: 'full',
          required: true,
          testId: 'rule-option',
          ...choiceProps(options),
        },
        {
          name: 'account_type',
          label: FINANCE_LABELS.accountType,
          type: 'select',
          size: 'half',
          options: ['P', 'B'],
          labels: ACCOUNT_TYPE_LABELS,
          noneLabel: FINANCE_LABELS.any,
        },
        {
          name: 'company',
          label: FINANCE_LABELS.company,
          type: 'select',
          size: 'half',
          noneLabel: FINANCE_LABELS.any,
          native: true,
          ...choiceProps(companies),
        },
        { name: 'min_total', label: FINANCE_LABELS.minTotal, size: 'half', type: 'money' },
        { name: 'max_total', label: FINANCE_LABELS.maxTotal, size: 'half', type: 'money' },
        { name: 'is_active', label: FINANCE_LABELS.active, type: 'switch', size: 'half' },
      ]}
    />
  );
}

/**
 * /finance/payments/rules: who may pick which payment option (ADMIN). An option without active
 * rules is open to everyone; with rules, to the customers one admits.
 */
export default function PaymentRulesPage() {
  const options = namesOf(usePaymentOptionChoices().data);
  const companies = namesOf(useCompanyChoices().data);
  return (
    <RuleListPage<PaymentRule, { payment_option: string; is_active: string }>
      kind="paymentRule"
      what={FINANCE_LABELS.paymentRuleOne}
      filters={{ payment_option: '', is_active: '' }}
      filterFields={[
        {
          kind: 'select',
          name: 'payment_option',
          label: FINANCE_LABELS.paymentOption,
          anyLabel: FINANCE_LABELS.any,
          options: [...options].map(([id, name]) => ({ value: String(id), label: name })),
          testId: 'filter-rule-option',
        },
        activeFilter('filter-rule-active'),
      ]}
      orderBy="payment_option"
      columns={columns(options, companies)}
      label={(r) => options.get(r.payment_option) ?? FINANCE_LABELS.paymentRuleOne}
      testId="payment-rule"
      dialog={(row, onClose) => (
        <PaymentRuleDialog row={row} options={options} companies={companies} onClose={onClose} />
      )}
    />
  );
}
