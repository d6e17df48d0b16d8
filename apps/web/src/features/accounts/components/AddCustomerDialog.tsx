import {
  ACCOUNTS_TEXT,
  MSG,
  type RegisterBusinessBody,
  registerBodySchema,
  registerBusinessBodySchema,
} from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { FormFields } from '../../../components/form/FormFields.tsx';
import { RadioChoice } from '../../../components/form/RadioChoice.tsx';
import { useDialogSubmit } from '../../../lib/forms.ts';
import { useRegister } from '../api.ts';
import { personFields } from './personFields.ts';

const FIELDS = ['email', 'first_name', 'last_name', 'phone', 'company_name', 'company_phone', 'company_email'] as const;

const personalResolver = zodResolver(registerBodySchema) as unknown as Resolver<RegisterBusinessBody>;
const businessResolver = zodResolver(registerBusinessBodySchema) as unknown as Resolver<RegisterBusinessBody>;

/** POST register / register/business: an admin opens a personal account, or a company with its manager. */
export function AddCustomerDialog({ onClose }: { onClose: () => void }) {
  const [type, setType] = useState<'P' | 'B'>('P');
  const register = useRegister();
  const form = useForm<RegisterBusinessBody>({
    resolver: (values, context, options) =>
      (type === 'B' ? businessResolver : personalResolver)(values, context, options),
    defaultValues: {
      email: '',
      first_name: '',
      last_name: '',
      phone: '',
      company_name: '',
      company_phone: '',
      company_email: '',
    },
  });

  const dialog = useDialogSubmit(
    form,
    FIELDS,
    async (values) => {
      const business = type === 'B';
      const { company_name, company_phone, company_email, ...person } = values;
      await register.mutateAsync({
        business,
        body: business ? { ...person, company_name, company_phone, company_email } : person,
      });
      return MSG.userCreated(values.email);
    },
    { onClose, pending: register.isPending },
  );

  return (
    <FormDialog
      {...dialog}
      title={ACCOUNTS_TEXT.addCustomerTitle}
      submitLabel={ACCOUNTS_TEXT.create}
      testId="add-customer-dialog"
    >
      <RadioChoice
        label={ACCOUNTS_TEXT.accountType}
        value={type}
        onChange={setType}
        options={[
          ['P', ACCOUNTS_TEXT.personalAccount],
          ['B', ACCOUNTS_TEXT.businessAccount],
        ]}
      />
      <FormFields
        control={form.control}
        fields={[
          type === 'B' && { name: 'company_name', label: ACCOUNTS_TEXT.companyName, required: true },
          { name: 'email', label: ACCOUNTS_TEXT.email, type: 'email', required: true },
          ...personFields<RegisterBusinessBody>(),
          type === 'B' && { name: 'company_email', label: ACCOUNTS_TEXT.companyEmail, type: 'email' },
          type === 'B' && { name: 'company_phone', label: ACCOUNTS_TEXT.companyPhone },
        ]}
      />
    </FormDialog>
  );
}
