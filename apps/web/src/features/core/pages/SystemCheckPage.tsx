import { ROLE_LABELS, WEB_TEXT } from '@cab/shared';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useCurrentRoute } from '../../../lib/routes.ts';
import { useSession } from '../../auth/index.ts';
import { useAppConfig } from '../api.ts';

function Row({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ width: 220, color: 'text.secondary', fontWeight: 500 }}>
        {label}
      </TableCell>
      <TableCell data-testid={testId}>{value}</TableCell>
    </TableRow>
  );
}

/** /test: the environment the app runs in and the signed-in user's role. */
export default function SystemCheckPage() {
  const route = useCurrentRoute();
  const config = useAppConfig();
  const { me, role } = useSession();
  const loading = <Skeleton width={120} />;
  return (
    <>
      <PageHeader subtitle={WEB_TEXT.systemCheckSubtitle} />
      <Card>
        <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
          <Table aria-label={route.title}>
            <TableBody>
              <Row label={WEB_TEXT.environmentLabel} value={config.data?.app_env ?? loading} testId="check-env" />
              <Row
                label={WEB_TEXT.testEnvironmentLabel}
                testId="check-test-env"
                value={
                  config.data ? (
                    <Chip
                      size="small"
                      color={config.data.is_test_environment ? 'error' : 'success'}
                      label={config.data.is_test_environment ? WEB_TEXT.yes : WEB_TEXT.no}
                    />
                  ) : (
                    loading
                  )
                }
              />
              <Row label={WEB_TEXT.versionLabel} value={config.data?.version ?? loading} testId="check-version" />
              <Row
                label={WEB_TEXT.signedInAsLabel}
                value={me ? `${me.full_name} <${me.email}>` : ''}
                testId="check-user"
              />
              <Row label={WEB_TEXT.roleLabel} value={role ? ROLE_LABELS[role] : '—'} testId="check-role" />
              {me?.company && <Row label={WEB_TEXT.companyLabel} value={me.company.name} testId="check-company" />}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </>
  );
}
