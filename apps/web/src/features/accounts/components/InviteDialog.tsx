import {
  ACCOUNTS_TEXT,
  accountsApi,
  DEBOUNCE_MS,
  type InviteBody,
  inviteBodySchema,
  MSG,
  PAGE_SIZE,
  ROLE_GROUPS,
  ROLE_LABELS,
  type Role,
} from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { AsyncAutocomplete } from '../../../components/AsyncAutocomplete.tsx';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { RadioChoice } from '../../../components/form/RadioChoice.tsx';
import { call } from '../../../lib/api.ts';
import { useDialogSubmit } from '../../../lib/forms.ts';
import { useInvite, useMeOptions } from '../api.ts';
import { personFields } from './personFields.ts';

const FIELDS = ['email', 'first_name', 'last_name', 'phone', 'role', 'company', 'company_name'] as const;

const isBusinessRole = (role: Role) => (ROLE_GROUPS.business as readonly Role[]).includes(role);

interface CompanyRef {
  id: number;
  name: string;
}

const loadCompanies = async (text: string, signal: AbortSignal) =>
  (
    await call(accountsApi.companies, { query: { search: text, page: 1, page_size: PAGE_SIZE.autocomplete }, signal })
  ).results.map(({ id, name }) => ({ id, name }));

/**
 * POST invite. An admin picks any role it may invite (me/options invite_roles) and, for a
 * business role, an existing company or (manager only) a new company name. A fixed company
 * (company page, or a business manager's own company when `companyId` is left out for a manager)
 * limits the roles to the business ones.
 */
export function InviteDialog({
  scope,
  companyId,
  onClose,
}: {
  /** admin: any role; company: business roles of `companyId` (or the manager's own company). */
  scope: 'admin' | 'company';
  companyId?: number;
  onClose: () => void;
}) {
  const options = useMeOptions();
  const invite = useInvite();
  const [company, setCompany] = useState<CompanyRef | null>(null);
  const [companyMode, setCompanyMode] = useState<'new' | 'existing'>('new');
  const allowed = (options.data?.invite_roles ?? []).filter((r) => scope === 'admin' || isBusinessRole(r));
  const form = useForm({
    resolver: zodResolver(inviteBodySchema),
    defaultValues: {
      email: '',
      first_name: '',
      last_name: '',
      phone: '',
      role: (scope === 'company' ? 'BUSINESS_EMPLOYEE' : '') as Role,
      company_name: '',
    } satisfies InviteBody as InviteBody,
  });
  const role = useWatch({ control: form.control, name: 'role' });
  const pickCompany = scope === 'admin' && isBusinessRole(role);
  // An employee always joins an existing company; a manager may open a new one.
  const mode = role === 'BUSINESS_EMPLOYEE' ? 'existing' : companyMode;

  const dialog = useDialogSubmit(
    form,
    FIELDS,
    async (values) => {
      const body: InviteBody = { ...values, company: undefined, company_name: undefined };
      if (scope === 'company') body.company = companyId;
      else if (pickCompany) {
        if (mode === 'existing') body.company = company?.id;
        else body.company_name = values.company_name;
      }
      await invite.mutateAsync(body);
      return MSG.invitationSent(values.email);
    },
    { onClose, pending: invite.isPending },
  );

  const companyError = dialog.errors.company?.message;
  return (
    <FormDialog
      {...dialog}
      title={scope === 'admin' ? ACCOUNTS_TEXT.inviteTitle : ACCOUNTS_TEXT.inviteEmployeeTitle}
      submitLabel={ACCOUNTS_TEXT.invite}
      testId="invite-dialog"
      fields={[
        { name: 'email', label: ACCOUNTS_TEXT.email, type: 'email', required: true, autoFocus: true },
        ...personFields<InviteBody>(),
        {
          name: 'role',
          label: ACCOUNTS_TEXT.role,
          type: 'select',
          required: true,
          options: allowed,
          labels: ROLE_LABELS,
          testId: 'invite-role',
        },
      ]}
    >
      {pickCompany && role === 'BUSINESS_MANAGER' && (
        <RadioChoice
          label={ACCOUNTS_TEXT.companyChoice}
          value={mode}
          onChange={setCompanyMode}
          options={[
            ['new', ACCOUNTS_TEXT.newCompany],
            ['existing', ACCOUNTS_TEXT.existingCompany],
          ]}
        />
      )}
      {pickCompany && mode === 'new' && (
        <FormTextField
          control={form.control}
          name="company_name"
          label={ACCOUNTS_TEXT.newCompanyName}
          required
          helperText={companyError}
        />
      )}
      {pickCompany && mode === 'existing' && (
        <AsyncAutocomplete<CompanyRef>
          label={ACCOUNTS_TEXT.chooseCompany}
          value={company}
          onChange={setCompany}
          fetchOptions={loadCompanies}
          getOptionLabel={(c) => c.name}
          getOptionKey={(c) => c.id}
          debounceMs={DEBOUNCE_MS.autocomplete}
          required
          error={Boolean(companyError)}
          helperText={companyError}
          testId="invite-company"
        />
      )}
    </FormDialog>
  );
}
