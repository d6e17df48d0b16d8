import {
  BASIS_POINTS_PER_WHOLE,
  basisPoints,
  FINANCE_LABELS,
  MILESTONE_DUES,
  type MilestoneDue,
  milestoneSharesTotal,
  type PaymentOptionRule,
  paymentOptionBodySchema,
  toWire,
} from '@cab/shared';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { AddButton } from '../../../components/AddButton.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { FormFields } from '../../../components/form/FormFields.tsx';
import { orNull, RuleFormDialog, text } from '../components/RuleFormDialog.tsx';
import { activeFilter, percentText, RuleListPage, yesNo } from '../components/RuleListPage.tsx';

interface MilestoneValues {
  label: string;
  percentage: string;
  due: MilestoneDue;
  days: string;
}
interface Values {
  name: string;
  description: string;
  discount_percentage: string;
  business_only: boolean;
  valid_from: string;
  valid_to: string;
  is_active: boolean;
  index: string;
  milestones: MilestoneValues[];
}

const toBody = (v: Values) => ({
  name: v.name,
  description: v.description,
  discount_percentage: orNull(v.discount_percentage),
  business_only: v.business_only,
  valid_from: orNull(v.valid_from),
  valid_to: orNull(v.valid_to),
  is_active: v.is_active,
  index: v.index.trim() === '' ? 0 : v.index,
  milestones: v.milestones.map((m) => ({
    label: m.label,
    percentage: m.percentage,
    due: m.due,
    days: m.due === 'DAYS_AFTER_COMPLETION' ? orNull(m.days) : null,
  })),
});

const valuesOf = (o: PaymentOptionRule | null): Values => ({
  name: o?.name ?? '',
  description: o?.description ?? '',
  discount_percentage: text(o?.discount_percentage),
  business_only: o?.business_only ?? false,
  valid_from: text(o?.valid_from),
  valid_to: text(o?.valid_to),
  is_active: o?.is_active ?? true,
  index: text(o?.index ?? 0),
  milestones: o?.milestones.map((m) => ({ ...m, days: text(m.days) })) ?? [
    { label: '', percentage: '100.00', due: 'ON_APPROVAL', days: '' },
  ],
});

const splitText = (o: PaymentOptionRule) =>
  o.milestones
    .map((m) => `${m.percentage} % ${FINANCE_LABELS.dueLabels[m.due]}${m.days ? ` (${m.days})` : ''}`)
    .join(' · ');

const COLUMNS: DataColumn<PaymentOptionRule>[] = [
  { key: 'name', header: FINANCE_LABELS.name, render: (o) => <strong>{o.name}</strong> },
  { key: 'milestones', header: FINANCE_LABELS.milestones, render: splitText },
  {
    key: 'discount_percentage',
    header: FINANCE_LABELS.discountPercentage,
    render: (o) => percentText(o.discount_percentage),
  },
  { key: 'business_only', header: FINANCE_LABELS.businessOnly, render: (o) => yesNo(o.business_only) },
  { key: 'valid_from', header: FINANCE_LABELS.validFrom, render: (o) => o.valid_from ?? '—' },
  { key: 'valid_to', header: FINANCE_LABELS.validTo, render: (o) => o.valid_to ?? '—' },
  { key: 'is_active', header: FINANCE_LABELS.active, render: (o) => yesNo(o.is_active) },
];

const DUE_LABELS: Record<string, string> = FINANCE_LABELS.dueLabels;

/** The milestone editor: one row per share, the running total, Add; shares must add up to 100. */
function MilestonesEditor({ form }: { form: UseFormReturn<Values> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'milestones' });
  const milestones = useWatch({ control: form.control, name: 'milestones' }) ?? [];
  const total = milestoneSharesTotal(milestones);
  const error = form.formState.errors.milestones as { message?: string; root?: { message?: string } } | undefined;
  const message = error?.message ?? error?.root?.message;
  return (
    <>
      <Grid size={12}>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
          {FINANCE_LABELS.milestones}
        </Typography>
      </Grid>
      {fields.map((field, i) => (
        <Grid key={field.id} size={12} container spacing={1} data-testid={`milestone-${i}`}>
          <FormFields
            control={form.control}
            fields={[
              {
                name: `milestones.${i}.label`,
                label: FINANCE_LABELS.label,
                size: 'third',
                required: true,
                testId: `milestone-${i}-label`,
              },
              {
                name: `milestones.${i}.percentage`,
                label: FINANCE_LABELS.share,
                size: 'quarter',
                inputMode: 'decimal',
                required: true,
                testId: `milestone-${i}-percentage`,
              },
              {
                name: `milestones.${i}.due`,
                label: FINANCE_LABELS.due,
                type: 'select',
                size: 'quarter',
                options: MILESTONE_DUES,
                labels: DUE_LABELS,
                testId: `milestone-${i}-due`,
              },
              milestones[i]?.due === 'DAYS_AFTER_COMPLETION' && {
                name: `milestones.${i}.days`,
                label: FINANCE_LABELS.days,
                size: 'quarter',
                inputMode: 'numeric',
                testId: `milestone-${i}-days`,
              },
            ]}
          />
          <IconButton
            aria-label={FINANCE_LABELS.removeMilestone}
            onClick={() => remove(i)}
            disabled={fields.length === 1}
            data-testid={`milestone-${i}-remove`}
          >
            <DeleteOutlineRounded />
          </IconButton>
        </Grid>
      ))}
      <Grid size={12} sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <AddButton
          onClick={() => append({ label: '', percentage: '', due: 'BEFORE_PICKUP', days: '' })}
          data-testid="add-milestone"
        >
          {FINANCE_LABELS.addMilestone}
        </AddButton>
        <Typography
          variant="body2"
          color={total === BASIS_POINTS_PER_WHOLE ? 'text.secondary' : 'error'}
          data-testid="milestones-total"
        >
          {total === null ? '' : FINANCE_LABELS.sharesTotal(toWire(basisPoints(total)))}
        </Typography>
      </Grid>
      {message && (
        <Grid size={12}>
          <Typography variant="body2" color="error" role="alert" data-testid="milestones-error">
            {message}
          </Typography>
        </Grid>
      )}
    </>
  );
}

function PaymentOptionDialog({ row, onClose }: { row: PaymentOptionRule | null; onClose: () => void }) {
  return (
    <RuleFormDialog<Values, PaymentOptionRule>
      kind="paymentOption"
      what={FINANCE_LABELS.paymentOptionOne}
      row={row}
      label={(o) => o.name}
      defaults={valuesOf(row)}
      schema={paymentOptionBodySchema}
      toBody={toBody}
      maxWidth="md"
      testId="payment-option-dialog"
      onClose={onClose}
      fields={[
        {
          name: 'name',
          label: FINANCE_LABELS.name,
          size: 'half',
          required: true,
          autoFocus: true,
          testId: 'option-name',
        },
        {
          name: 'discount_percentage',
          label: FINANCE_LABELS.discountPercentage,
          size: 'quarter',
          inputMode: 'decimal',
          testId: 'option-discount',
        },
        { name: 'index', label: FINANCE_LABELS.index, size: 'quarter', inputMode: 'numeric' },
        { name: 'description', label: FINANCE_LABELS.description, type: 'multiline', size: 'full', minRows: 2 },
        { name: 'valid_from', label: FINANCE_LABELS.validFrom, size: 'quarter', helperText: FINANCE_LABELS.dateHint },
        { name: 'valid_to', label: FINANCE_LABELS.validTo, size: 'quarter', helperText: FINANCE_LABELS.dateHint },
        { name: 'business_only', label: FINANCE_LABELS.businessOnly, type: 'switch', size: 'quarter' },
        { name: 'is_active', label: FINANCE_LABELS.active, type: 'switch', size: 'quarter' },
      ]}
      extra={(form) => <MilestonesEditor form={form} />}
    />
  );
}

/** /finance/payments/options: the payment options and their milestone splits (ADMIN). */
export default function PaymentOptionsPage() {
  return (
    <RuleListPage<PaymentOptionRule, { search: string; is_active: string }>
      kind="paymentOption"
      what={FINANCE_LABELS.paymentOptionOne}
      filters={{ search: '', is_active: '' }}
      filterFields={[
        { kind: 'text', name: 'search', label: FINANCE_LABELS.name, search: true, testId: 'filter-option-name' },
        activeFilter('filter-option-active'),
      ]}
      orderBy="index"
      columns={COLUMNS}
      label={(o) => o.name}
      testId="payment-option"
      dialog={(row, onClose) => <PaymentOptionDialog row={row} onClose={onClose} />}
    />
  );
}
