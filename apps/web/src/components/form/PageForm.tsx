import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FormEvent, ReactNode } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { FormRootError } from './FormRootError.tsx';
import { SubmitButton } from './SubmitButton.tsx';

/**
 * A form laid on a page (not in a dialog): a column with the form-level error first, the fields,
 * then its submit button (disabled with a spinner while `pending`).
 */
export function PageForm<T extends FieldValues>({
  onSubmit,
  errors,
  pending,
  submitLabel,
  submitTestId,
  submitSize,
  spacing = 2.5,
  sx,
  testId,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  errors: FieldErrors<T>;
  pending: boolean;
  submitLabel: ReactNode;
  submitTestId?: string;
  submitSize?: 'large';
  spacing?: number;
  sx?: SxProps<Theme>;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={spacing} sx={sx} data-testid={testId}>
      <FormRootError errors={errors} />
      {children}
      <div>
        <SubmitButton pending={pending} size={submitSize} data-testid={submitTestId}>
          {submitLabel}
        </SubmitButton>
      </div>
    </Stack>
  );
}
