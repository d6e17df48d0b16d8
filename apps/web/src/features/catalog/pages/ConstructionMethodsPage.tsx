import {
  CATALOG_TEXT,
  EXPORT_CATEGORIES,
  MSG,
  NOTIFY_MS,
  PAGE_SIZE,
  PREMIUM_TYPE_LABELS,
  type Premium,
} from '@cab/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { SelectField } from '../../../components/form/SelectField.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useSnackbar } from '../../../lib/toasts.ts';
import { usePremiumList, useSavePremium } from '../api.ts';

const NAME = PREMIUM_TYPE_LABELS.FINISH_OPTION;

const METHODS: { value: number | null; label: string }[] = [
  ...EXPORT_CATEGORIES.map((c) => ({ value: c.value as number | null, label: c.label as string })),
  { value: null, label: CATALOG_TEXT.unassignedMethod },
];

/**
 * /catalog/premiums/construction_methods (DOMAIN.md): the construction methods are the export
 * categories finish options map to (Method 1=1, 2=2, 3=3, 4=14) together with
 * is_cabinet_construction_vertical. Finish options are listed by method and those two attributes
 * are edited in place.
 */
export default function ConstructionMethodsPage() {
  const list = usePremiumList('finish_option', {
    page: 1,
    page_size: PAGE_SIZE.autocompleteAll,
    order_by: 'export_category,index,code',
  });
  const save = useSavePremium('finish_option');
  const { enqueueSnackbar } = useSnackbar();
  const options = list.data?.results ?? [];

  const patch = async (
    premium: Premium,
    body: { export_category?: number | null; is_cabinet_construction_vertical?: boolean },
  ) => {
    try {
      await save.mutateAsync({ id: premium.id, body });
      enqueueSnackbar(MSG.premiumUpdated(NAME), { variant: 'success', autoHideDuration: NOTIFY_MS.short });
    } catch {
      enqueueSnackbar(MSG.premiumSaveFailed(NAME), { variant: 'error' });
    }
  };

  return (
    <>
      <PageHeader subtitle={CATALOG_TEXT.constructionMethodsSubtitle} />
      {list.isPending ? (
        <Card sx={{ p: 2 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={48} />
          ))}
        </Card>
      ) : (
        <Stack spacing={3}>
          {METHODS.map((method) => {
            const rows = options.filter((o) => (o.export_category ?? null) === method.value);
            if (method.value === null && rows.length === 0) return null;
            return (
              <Card key={method.label} data-testid={`method-${method.value ?? 'none'}`}>
                <CardHeader
                  title={method.label}
                  action={
                    <Chip size="small" label={CATALOG_TEXT.finishOptionCount(rows.length)} sx={{ mt: 1, mr: 1 }} />
                  }
                  slotProps={{ title: { variant: 'h6', component: 'h2' } }}
                  sx={{ pb: 1 }}
                />
                {rows.length === 0 ? (
                  <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
                    {CATALOG_TEXT.noRows}
                  </Typography>
                ) : (
                  <Table size="small" sx={{ tableLayout: 'fixed' }}>
                    <TableHead>
                      <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', bgcolor: 'grey.50' } }}>
                        <TableCell sx={{ width: 200 }}>{CATALOG_TEXT.code}</TableCell>
                        <TableCell>{CATALOG_TEXT.description}</TableCell>
                        <TableCell sx={{ width: 220 }}>{CATALOG_TEXT.exportCategory}</TableCell>
                        <TableCell sx={{ width: 180 }}>{CATALOG_TEXT.vertical}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {rows.map((option) => (
                        <TableRow key={option.id} data-testid={`row-${option.code}`}>
                          <TableCell>
                            <strong>{option.code}</strong>
                          </TableCell>
                          <TableCell>{option.description}</TableCell>
                          <TableCell>
                            <SelectField
                              size="small"
                              value={option.export_category === null ? '' : String(option.export_category)}
                              onChange={(e) =>
                                void patch(option, {
                                  export_category: e.target.value === '' ? null : Number(e.target.value),
                                })
                              }
                              slotProps={{
                                htmlInput: { 'aria-label': `${CATALOG_TEXT.exportCategory} ${option.code}` },
                              }}
                              noneLabel={CATALOG_TEXT.none}
                              options={EXPORT_CATEGORIES}
                            />
                          </TableCell>
                          <TableCell>
                            <Box sx={{ display: 'flex', alignItems: 'center' }}>
                              <Switch
                                checked={option.is_cabinet_construction_vertical}
                                onChange={(e) =>
                                  void patch(option, { is_cabinet_construction_vertical: e.target.checked })
                                }
                                slotProps={{
                                  input: { 'aria-label': `${CATALOG_TEXT.cabinetConstructionVertical} ${option.code}` },
                                }}
                              />
                            </Box>
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </Card>
            );
          })}
        </Stack>
      )}
    </>
  );
}
