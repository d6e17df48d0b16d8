import { SCAN_SESSION_TYPES, type ScanSessionType, scanSessionCreateSchema, PRODUCTION_TEXT as T } from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormAutocomplete } from '../../../components/form/FormAutocomplete.tsx';
import { FormFields } from '../../../components/form/FormFields.tsx';
import { PageForm } from '../../../components/form/PageForm.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useFrameSubmit } from '../../../lib/forms.ts';
import { useKeptStations, useOpenSession } from '../api.ts';
import { ShopOnly } from '../components/ShopOnly.tsx';
import { StationField } from '../components/StationField.tsx';

type Values = { type: ScanSessionType; station: string };
const resolver = zodResolver(scanSessionCreateSchema) as unknown as Resolver<Values>;

/** /scan/new: open a session (type, station) and go to its scanning screen. */
export default function NewScanSessionPage() {
  return (
    <ShopOnly>
      <NewScanSession />
    </ShopOnly>
  );
}

function NewScanSession() {
  const navigate = useNavigate();
  const open = useOpenSession();
  const stations = useKeptStations();
  const form = useForm<Values>({ resolver, defaultValues: { type: 'PRODUCTION', station: '' } });
  const type = form.watch('type');
  const frame = useFrameSubmit(
    form,
    ['type', 'station'],
    async (values) => {
      const session = await open.mutateAsync({ type: values.type, station: values.station || null });
      navigate(`/scan/session/${session.id}/scan`);
    },
    { pending: open.isPending },
  );
  return (
    <>
      <PageHeader />
      <Card sx={{ maxWidth: 560 }}>
        <CardContent>
          <PageForm {...frame} submitLabel={T.openSession} submitTestId="open-session" testId="new-session-form">
            <FormFields
              control={form.control}
              fields={[
                {
                  name: 'type',
                  label: T.type,
                  type: 'select',
                  required: true,
                  options: SCAN_SESSION_TYPES,
                  labels: T.sessionTypes,
                  helperText: T.sessionTypeHelp[type],
                  testId: 'session-type',
                },
                {
                  name: 'station',
                  element: (
                    <FormAutocomplete
                      key="station"
                      control={form.control}
                      name="station"
                      component={StationField}
                      stations={stations.data ?? []}
                      type={type}
                      label={T.station}
                      helperText={T.stationHelp}
                      testId="session-station"
                    />
                  ),
                },
              ]}
            />
          </PageForm>
        </CardContent>
      </Card>
    </>
  );
}
