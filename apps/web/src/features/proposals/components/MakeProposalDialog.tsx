import { ORDERS_WEB_TEXT, type Order, proposalCreateSchema, PROPOSALS_WEB_TEXT as T } from '@cab/shared';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import { useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { type FieldList, FormFields } from '../../../components/form/FormFields.tsx';
import { FormCheckbox } from '../../../components/form/FormSwitch.tsx';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { FIELD_SIZES } from '../../../components/form/layout.ts';
import { bodyResolver, useDialogSubmit } from '../../../lib/forms.ts';
import { useMakeProposal } from '../api.ts';
import { bodyOf, fieldOf, type MakeForm, type Sent } from '../makeForm.ts';

const FIELDS = ['client.name', 'client.email', 'client.phone', 'client.address', 'markup_percent'] as const;

/**
 * "Make a proposal" from a bid (issue 37): the client, the dealer's markup (and a group's own,
 * and a line's own price), extra lines, tax rate, validity, terms and notes. Empty fields take
 * the dealer's defaults; the server's field errors land on their fields.
 */
export function MakeProposalDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const navigate = useNavigate();
  const make = useMakeProposal(order.id);
  const sent = useRef<Sent>({ groups: [], lines: [] });
  const [perLine, setPerLine] = useState(false);
  const resolver = useMemo(
    () =>
      bodyResolver<MakeForm>(proposalCreateSchema, (v) => bodyOf(v, sent.current), {
        fieldOf: (path) => fieldOf(path, sent.current),
      }),
    [],
  );
  const form = useForm<MakeForm>({
    resolver,
    defaultValues: {
      client: { name: '', email: '', phone: '', address: '' },
      markup_percent: '',
      groups: Object.fromEntries(order.groups.map((g) => [`g${g.id}`, ''])),
      lines: Object.fromEntries(order.groups.flatMap((g) => g.items.map((i) => [`l${i.id}`, '']))),
      extras: [],
      tax_rate: '',
      valid_until: '',
      terms: '',
      notes: '',
    },
  });
  const extras = useFieldArray({ control: form.control, name: 'extras' });
  const dialog = useDialogSubmit(
    form,
    FIELDS,
    async (values) => {
      const proposal = await make.mutateAsync(bodyOf(values, sent.current));
      navigate(`/proposals/${proposal.id}`);
      return T.made_(proposal.number);
    },
    { onClose, pending: make.isPending, fieldOf: (path) => fieldOf(path, sent.current) },
  );

  const fields: FieldList<MakeForm> = [
    { section: T.clientSection },
    {
      name: 'client.name',
      label: T.clientName,
      required: true,
      size: 'half',
      autoFocus: true,
      testId: 'proposal-client-name',
    },
    {
      name: 'client.email',
      label: T.clientEmail,
      type: 'email',
      required: true,
      size: 'half',
      testId: 'proposal-client-email',
    },
    { name: 'client.phone', label: T.clientPhone, type: 'tel', size: 'half', testId: 'proposal-client-phone' },
    { name: 'client.address', label: T.clientAddress, size: 'half', testId: 'proposal-client-address' },
    { section: T.pricesSection },
    { name: 'markup_percent', label: T.markupPercent, size: 'third', inputMode: 'decimal', testId: 'proposal-markup' },
    { section: T.groupMarkups },
    ...order.groups.map(
      (g, index) =>
        ({
          name: `groups.g${g.id}`,
          label: T.groupMarkup(ORDERS_WEB_TEXT.groupName(index, g.name)),
          size: 'third',
          inputMode: 'decimal',
          testId: `proposal-group-markup-${g.id}`,
        }) as const,
    ),
  ];
  // A price per line is rare, and a big order has hundreds of lines: their fields on request.
  const linePrices: FieldList<MakeForm> = [
    { section: T.lineOverrides },
    ...order.groups.flatMap((g) =>
      g.items.map(
        (i) =>
          ({
            name: `lines.l${i.id}`,
            label: T.linePrice(i.manufacturer_code, i.line_item_number),
            type: 'money',
            size: 'third',
            testId: `proposal-line-price-${i.id}`,
          }) as const,
      ),
    ),
  ];
  const terms: FieldList<MakeForm> = [
    { section: T.termsSection },
    { name: 'tax_rate', label: T.taxRate, size: 'third', inputMode: 'decimal', testId: 'proposal-tax-rate' },
    { name: 'valid_until', label: T.validUntilLabel, type: 'date', size: 'third', testId: 'proposal-valid-until' },
    { name: 'terms', label: T.terms, type: 'multiline', size: 'full', minRows: 2, testId: 'proposal-terms' },
    { name: 'notes', label: T.notes, type: 'multiline', size: 'full', minRows: 2, testId: 'proposal-notes' },
  ];

  return (
    <FormDialog
      {...dialog}
      title={T.makeTitle}
      submitLabel={T.make}
      layout="grid"
      maxWidth="md"
      testId="make-proposal-dialog"
      fields={fields}
    >
      <FormFields control={form.control} fields={[{ section: T.extrasSection }]} />
      {extras.fields.map((row, index) => (
        <Grid
          key={row.id}
          size={12}
          container
          spacing={2}
          sx={{ alignItems: 'center' }}
          data-testid="proposal-extra-row"
        >
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={form.control}
              name={`extras.${index}.description`}
              label={T.extraDescription}
              required
              fullWidth
              data-testid={`proposal-extra-description-${index}`}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <FormTextField
              control={form.control}
              name={`extras.${index}.amount`}
              label={T.extraAmount}
              required
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              data-testid={`proposal-extra-amount-${index}`}
            />
          </Grid>
          <Grid size={{ xs: 4, sm: 2 }}>
            <FormCheckbox control={form.control} name={`extras.${index}.taxable`} label={T.extraTaxable} />
          </Grid>
          <Grid size={{ xs: 2, sm: 1 }}>
            <IconButton aria-label={T.removeExtra} onClick={() => extras.remove(index)}>
              <DeleteOutline />
            </IconButton>
          </Grid>
        </Grid>
      ))}
      <Grid size={FIELD_SIZES.full}>
        <Button
          onClick={() => extras.append({ description: '', amount: '', taxable: true })}
          data-testid="proposal-add-extra"
        >
          {T.addExtra}
        </Button>
      </Grid>
      {perLine ? (
        <FormFields control={form.control} fields={linePrices} />
      ) : (
        <Grid size={12}>
          <Button onClick={() => setPerLine(true)} data-testid="proposal-show-line-prices">
            {T.showLinePrices}
          </Button>
        </Grid>
      )}
      <FormFields control={form.control} fields={terms} />
    </FormDialog>
  );
}
