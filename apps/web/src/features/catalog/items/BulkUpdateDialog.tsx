import { BULK_CHOICES, CATALOG_TEXT, MSG, NOTIFY_MS, WEB_TEXT } from '@cab/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { LoadingOverlay } from '../../../components/LoadingOverlay.tsx';
import { useSnackbar } from '../../../lib/toasts.ts';
import { useBulkUpdateItems } from '../api.ts';

type Choice = (typeof BULK_CHOICES)[number];
const FLAGS = [
  ['manual_work_required', CATALOG_TEXT.manualWorkRequired],
  ['export_with_finish_side', CATALOG_TEXT.exportWithFinishSide],
  ['is_corner_cabinet', CATALOG_TEXT.isCornerCabinet],
] as const;
type Flag = (typeof FLAGS)[number][0];

/**
 * "Update Selected (n)": the bulk-only flags with YES / FALSE / NO CHANGE each (SPEC 3, 9); NO
 * CHANGE is not applied (SPEC 5). 'N items updated successfully' or 'Failed to update items'.
 */
export function BulkUpdateDialog({
  ids,
  onClose,
  onUpdated,
}: {
  ids: number[];
  onClose: () => void;
  onUpdated: () => void;
}) {
  const bulk = useBulkUpdateItems();
  const { enqueueSnackbar } = useSnackbar();
  const [choices, setChoices] = useState<Record<Flag, Choice>>({
    manual_work_required: 'NO CHANGE',
    export_with_finish_side: 'NO CHANGE',
    is_corner_cabinet: 'NO CHANGE',
  });

  // All at NO CHANGE would "update" nothing: there is nothing to send.
  const changesSomething = Object.values(choices).some((choice) => choice !== 'NO CHANGE');

  const submit = async () => {
    try {
      const { updated } = await bulk.mutateAsync({ ids, data: choices });
      enqueueSnackbar(MSG.bulkUpdated(updated), { variant: 'success', autoHideDuration: NOTIFY_MS.short });
      onUpdated();
    } catch {
      enqueueSnackbar(MSG.bulkUpdateFailed, { variant: 'error' });
    }
  };

  return (
    <Dialog
      open
      onClose={bulk.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="bulk-update-title"
      data-testid="bulk-update-dialog"
      slotProps={{ paper: { sx: { position: 'relative' } } }}
    >
      <DialogTitle id="bulk-update-title">{CATALOG_TEXT.bulkUpdateTitle(ids.length)}</DialogTitle>
      <DialogContent dividers>
        <Alert severity="info" sx={{ mb: 2 }}>
          {CATALOG_TEXT.bulkUpdateHint}
        </Alert>
        <Stack spacing={2}>
          {FLAGS.map(([flag, label]) => (
            <FormControl key={flag} component="fieldset">
              <FormLabel component="legend" id={`${flag}-label`} sx={{ fontWeight: 600, color: 'text.primary' }}>
                {label}
              </FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${flag}-label`}
                name={flag}
                value={choices[flag]}
                onChange={(e) => setChoices((c) => ({ ...c, [flag]: e.target.value as Choice }))}
                data-testid={`bulk-${flag}`}
              >
                {BULK_CHOICES.map((choice) => (
                  <FormControlLabel
                    key={choice}
                    value={choice}
                    control={<Radio size="small" />}
                    label={CATALOG_TEXT.bulkChoiceLabels[choice]}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} color="inherit" disabled={bulk.isPending}>
          {WEB_TEXT.cancel}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={bulk.isPending || !changesSomething}
          data-testid="bulk-submit"
        >
          {CATALOG_TEXT.update}
        </Button>
      </DialogActions>
      <LoadingOverlay open={bulk.isPending} />
    </Dialog>
  );
}
