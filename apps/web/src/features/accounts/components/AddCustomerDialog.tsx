import {
  ACCOUNTS_TEXT,
  MSG,
  NOTIFY_MS,
  type RegisterBusinessBody,
  registerBodySchema,
  registerBusinessBodySchema,
} from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { FormRootError } from '../../../components/form/FormRootError.tsx';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { applyServerErrors } from '../../../lib/forms.ts';
import { useRegister } from '../api.ts';
import { FormDialog } from './FormDialog.tsx';

const FIELDS = ['email', 'first_name', 'last_name', 'phone', 'company_name', 'company_phone', 'company_email'] as const;

const personalResolver = zodResolver(registerBodySchema) as unknown as Resolver<RegisterBusinessBody>;
const businessResolver = zodResolver(registerBusinessBodySchema) as unknown as Resolver<RegisterBusinessBody>;

/** POST register / register/business: an admin opens a personal account, or a company with its manager. */
export function AddCustomerDialog({ onClose }: { onClose: () => void }) {
  const [type, setType] = useState<'P' | 'B'>('P');
  const register = useRegister();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, setError, formState } = useForm<RegisterBusinessBody>({
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

  const onSubmit = handleSubmit(async (values) => {
    const business = type === 'B';
    const { company_name, company_phone, company_email, ...person } = values;
    try {
      await register.mutateAsync({
        business,
        body: business ? { ...person, company_name, company_phone, company_email } : person,
      });
      enqueueSnackbar(MSG.userCreated(values.email), { variant: 'success', autoHideDuration: NOTIFY_MS.short });
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  return (
    <FormDialog
      title={ACCOUNTS_TEXT.addCustomerTitle}
      busy={register.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      submitLabel={ACCOUNTS_TEXT.create}
      testId="add-customer-dialog"
    >
      <RadioGroup
        row
        aria-label={ACCOUNTS_TEXT.accountType}
        value={type}
        onChange={(e) => setType(e.target.value as 'P' | 'B')}
      >
        <FormControlLabel value="P" control={<Radio />} label={ACCOUNTS_TEXT.personalAccount} />
        <FormControlLabel value="B" control={<Radio />} label={ACCOUNTS_TEXT.businessAccount} />
      </RadioGroup>
      <FormRootError errors={formState.errors} />
      {type === 'B' && (
        <FormTextField control={control} name="company_name" label={ACCOUNTS_TEXT.companyName} required />
      )}
      <FormTextField control={control} name="email" label={ACCOUNTS_TEXT.email} type="email" required />
      <FormTextField control={control} name="first_name" label={ACCOUNTS_TEXT.firstName} required />
      <FormTextField control={control} name="last_name" label={ACCOUNTS_TEXT.lastName} required />
      <FormTextField control={control} name="phone" label={ACCOUNTS_TEXT.phone} />
      {type === 'B' && (
        <>
          <FormTextField control={control} name="company_email" label={ACCOUNTS_TEXT.companyEmail} type="email" />
          <FormTextField control={control} name="company_phone" label={ACCOUNTS_TEXT.companyPhone} />
        </>
      )}
    </FormDialog>
  );
}
