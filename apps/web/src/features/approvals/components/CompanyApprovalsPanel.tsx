import {
  APPROVALS_WEB_TEXT as A,
  APPROVAL_RULES,
  APPROVAL_TEXT,
  type CompanyApprovals,
  companyApprovalsPatchSchema,
} from '@cab/shared';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { type FieldSpec, FormFields } from '../../../components/form/FormFields.tsx';
import { PageForm } from '../../../components/form/PageForm.tsx';
import { bodyResolver, useFrameSubmit } from '../../../lib/forms.ts';
import { useCompanyApprovals, useSaveCompanyApprovals } from '../api.ts';
import { bodyOf, type ApprovalsValues as Values, valuesOf } from '../limits.ts';

function ApprovalsForm({ companyId, current }: { companyId: number; current: CompanyApprovals }) {
  const save = useSaveCompanyApprovals(companyId);
  const resolver = useMemo(() => bodyResolver(companyApprovalsPatchSchema, bodyOf), []);
  const form = useForm<Values>({
    resolver,
    defaultValues: valuesOf(current),
  });
  const limitFields: FieldSpec<Values>[] = current.spending_limits.flatMap((s, index) => [
    {
      name: `spending_limits.${index}.limit` as Path<Values>,
      label: A.perOrder(s.user.name),
      type: 'money',
      size: 'half',
      testId: `spending-limit-${s.user.id}`,
    },
    {
      name: `spending_limits.${index}.monthly_limit` as Path<Values>,
      label: A.perMonth(s.user.name),
      type: 'money',
      size: 'half',
      testId: `monthly-limit-${s.user.id}`,
    },
  ]);
  const frame = useFrameSubmit(
    form,
    ['approval_required', ...limitFields.map((f) => f.name)],
    async (values) => {
      await save.mutateAsync(bodyOf(values));
      return A.saved;
    },
    { pending: save.isPending },
  );
  return (
    <PageForm {...frame} submitLabel={A.save} testId="company-approvals" submitTestId="company-approvals-save">
      <div>
        <Typography variant="h6" component="h2">
          {A.settingsTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {A.settingsHint}
        </Typography>
      </div>
      <FormFields
        control={form.control}
        fields={[
          {
            name: 'approval_required',
            label: A.ruleLabel,
            type: 'select',
            options: APPROVAL_RULES,
            labels: APPROVAL_TEXT.ruleLabels,
            testId: 'approval-rule',
          },
        ]}
      />
      <div>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {A.limitsTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {limitFields.length > 0 ? A.limitsHint : A.noEmployees}
        </Typography>
      </div>
      {limitFields.length > 0 && (
        <Grid container spacing={2}>
          <FormFields control={form.control} fields={limitFields} />
        </Grid>
      )}
    </PageForm>
  );
}

/**
 * A company's approval settings (issue 30), on its page for its manager and ADMIN: whether an
 * employee's submit waits for a manager, and each employee's spending limit.
 */
export function CompanyApprovalsPanel({ companyId }: { companyId: number }) {
  const current = useCompanyApprovals(companyId);
  return (
    <CardContent>
      {current.data ? (
        <ApprovalsForm key={current.dataUpdatedAt} companyId={companyId} current={current.data} />
      ) : (
        <Skeleton variant="rounded" height={200} />
      )}
    </CardContent>
  );
}
