import { type Proposal, proposalCreateSchema, PROPOSALS_WEB_TEXT as T } from '@cab/shared';
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
import { useEditProposal, useMakeProposal } from '../api.ts';
import { bodyOf, fieldOf, formOf, type MakeForm, type Priced, type Sent } from '../makeForm.ts';

const FIELDS = ['client.name', 'client.email', 'client.phone', 'client.address', 'markup_percent'] as const;

/**
 * "Make a proposal" from a bid (issue 37): the client, the dealer's markup (and a group's own,
 * and a line's own price), extra lines, tax rate, validity, terms and notes. Empty fields take
 * the dealer's defaults; the server's field errors land on their fields. Given a `draft`, the
 * same form edits it (PATCH, drafts only) and opens with the draft's own values.
 */
export function MakeProposalDialog({
  order,
  priced,
  draft,
  onClose,
}: {
  order: number;
  priced: Priced;
  draft?: Proposal;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const make = useMakeProposal(order);
  const edit = useEditProposal(draft?.id ?? 0);
  const sent = useRef<Sent>({ groups: [], lines: [] });
  const [perLine, setPerLine] = useState((draft?.line_overrides.length ?? 0) > 0);
  const editing = Boolean(draft);
  const resolver = useMemo(
    () =>
      bodyResolver<MakeForm>(proposalCreateSchema, (v) => bodyOf(v, sent.current, editing), {
        fieldOf: (path) => fieldOf(path, sent.current),
      }),
    [editing],
  );
  const form = useForm<MakeForm>({ resolver, defaultValues: formOf(priced, draft) });
  const extras = useFieldArray({ control: form.control, name: 'extras' });
  const dialog = useDialogSubmit(
    form,
    FIELDS,
    async (values) => {
      const body = bodyOf(values, sent.current, editing);
      if (draft) return T.saved_((await edit.mutateAsync(body)).number);
      const proposal = await make.mutateAsync(body);
      navigate(`/proposals/${proposal.id}`);
      return T.made_(proposal.number);
    },
    { onClose, pending: make.isPending || edit.isPending, fieldOf: (path) => fieldOf(path, sent.current) },
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
    ...priced.groups.map(
      (g) =>
        ({
          name: `groups.g${g.id}`,
          label: T.groupMarkup(g.name),
          size: 'third',
          inputMode: 'decimal',
          testId: `proposal-group-markup-${g.id}`,
        }) as const,
    ),
  ];
  // A price per line is rare, and a big order has hundreds of lines: their fields on request.
  const linePrices: FieldList<MakeForm> = [
    { section: T.lineOverrides },
    ...priced.lines.map(
      (l) =>
        ({
          name: `lines.l${l.id}`,
          label: l.label,
          type: 'money',
          size: 'third',
          testId: `proposal-line-price-${l.id}`,
        }) as const,
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
      title={draft ? T.editTitle(draft.number) : T.makeTitle}
      submitLabel={draft ? T.saveDraft : T.make}
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
