import { type BoundDiscount, boundDiscountBodySchema, FINANCE_LABELS } from '@cab/shared';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useCompanyChoices, useCustomerChoices } from '../api.ts';
import { orNull, RuleFormDialog, textsOf } from '../components/RuleFormDialog.tsx';
import { percentText, RuleListPage } from '../components/RuleListPage.tsx';

interface Values {
  customer: string;
  company: string;
  percentage: string;
  notes: string;
}

const toBody = (v: Values) => ({
  customer: orNull(v.customer),
  company: orNull(v.company),
  percentage: v.percentage,
  notes: v.notes,
});

type Names = Map<number, string>;
const namesOf = (rows: { id: number; name: string }[] | undefined): Names => new Map(rows?.map((r) => [r.id, r.name]));
const choiceProps = (names: Names) => ({
  options: [...names.keys()].map(String),
  labels: Object.fromEntries([...names].map(([id, name]) => [String(id), name])),
});

const partyOf = (d: BoundDiscount, customers: Names, companies: Names) =>
  d.customer !== null
    ? `${FINANCE_LABELS.customer}: ${customers.get(d.customer) ?? `#${d.customer}`}`
    : `${FINANCE_LABELS.company}: ${companies.get(d.company ?? 0) ?? `#${d.company}`}`;

function BoundDiscountDialog({
  row,
  customers,
  companies,
  onClose,
}: {
  row: BoundDiscount | null;
  customers: Names;
  companies: Names;
  onClose: () => void;
}) {
  return (
    <RuleFormDialog<Values, BoundDiscount>
      kind="boundDiscount"
      what={FINANCE_LABELS.boundDiscountOne}
      row={row}
      label={(d) => partyOf(d, customers, companies)}
      defaults={{
        ...textsOf(row, ['customer', 'company', 'percentage']),
        notes: row?.notes ?? '',
      }}
      schema={boundDiscountBodySchema}
      toBody={toBody}
      testId="bound-discount-dialog"
      onClose={onClose}
      fields={[
        {
          name: 'customer',
          label: FINANCE_LABELS.customer,
          type: 'select',
          size: 'half',
          native: true,
          noneLabel: '—',
          ...choiceProps(customers),
        },
        {
          name: 'company',
          label: FINANCE_LABELS.company,
          type: 'select',
          size: 'half',
          native: true,
          noneLabel: '—',
          ...choiceProps(companies),
        },
        { name: 'percentage', label: FINANCE_LABELS.percentage, size: 'half', required: true, inputMode: 'decimal' },
        { name: 'notes', label: FINANCE_LABELS.notes, type: 'multiline', size: 'full', minRows: 2 },
      ]}
    />
  );
}

/** /finance/discounts/bound: a percentage bound to one customer or one company (ADMIN). */
export default function BoundDiscountsPage() {
  const customers = namesOf(useCustomerChoices().data);
  const companies = namesOf(useCompanyChoices().data);
  const columns: DataColumn<BoundDiscount>[] = [
    {
      key: 'party',
      header: FINANCE_LABELS.customer,
      render: (d) => <strong>{partyOf(d, customers, companies)}</strong>,
    },
    { key: 'percentage', header: FINANCE_LABELS.percentage, render: (d) => percentText(d.percentage) },
    { key: 'notes', header: FINANCE_LABELS.notes, render: (d) => d.notes },
  ];
  return (
    <RuleListPage<BoundDiscount, Record<never, string>>
      kind="boundDiscount"
      what={FINANCE_LABELS.boundDiscountOne}
      filters={{}}
      orderBy="-id"
      columns={columns}
      label={(d) => partyOf(d, customers, companies)}
      testId="bound-discount"
      dialog={(row, onClose) => (
        <BoundDiscountDialog row={row} customers={customers} companies={companies} onClose={onClose} />
      )}
    />
  );
}
