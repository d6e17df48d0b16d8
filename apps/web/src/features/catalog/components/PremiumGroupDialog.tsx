import {
  CATALOG_TEXT,
  NOTIFY_MS,
  type PremiumGroup,
  type PremiumType,
  premiumGroupBodySchema,
  WEB_TEXT,
} from '@cab/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { FormRootError } from '../../../components/form/FormRootError.tsx';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { LoadingOverlay } from '../../../components/LoadingOverlay.tsx';
import { applyServerErrors } from '../../../lib/forms.ts';
import { useCreatePremiumGroup } from '../api.ts';
import { bodyResolver } from '../formResolver.ts';

interface Values {
  name: string;
  index: string;
}

const toBody = (v: Values) => ({ name: v.name, index: v.index });

/** SPEC 2 "New Group / Header dialog": Name and Index, Cancel and Add. */
export function PremiumGroupDialog({
  open,
  type,
  onClose,
  onCreated,
}: {
  open: boolean;
  type: PremiumType;
  onClose: () => void;
  onCreated: (group: PremiumGroup) => void;
}) {
  const create = useCreatePremiumGroup(type);
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, setError, formState, reset } = useForm<Values>({
    resolver: bodyResolver(premiumGroupBodySchema, toBody),
    defaultValues: { name: '', index: '0' },
  });

  const close = () => {
    if (create.isPending) return;
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const group = await create.mutateAsync(toBody(values));
      enqueueSnackbar(CATALOG_TEXT.groupCreated(group.name), { variant: 'success', autoHideDuration: NOTIFY_MS.short });
      reset();
      onCreated(group);
    } catch (error) {
      applyServerErrors(error, setError, ['name', 'index']);
    }
  });

  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth data-testid="premium-group-dialog">
      <form
        noValidate
        onSubmit={(event) => {
          // The dialog sits inside the premium form: keep the submit from reaching it.
          event.stopPropagation();
          void onSubmit(event);
        }}
        style={{ position: 'relative' }}
      >
        <DialogTitle>{CATALOG_TEXT.newGroupTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormRootError errors={formState.errors} />
            <FormTextField control={control} name="name" label={CATALOG_TEXT.groupName} required autoFocus />
            <FormTextField
              control={control}
              name="index"
              label={CATALOG_TEXT.index}
              type="number"
              slotProps={{ htmlInput: { min: 0 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} color="inherit">
            {WEB_TEXT.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {CATALOG_TEXT.addButton}
          </Button>
        </DialogActions>
        <LoadingOverlay open={create.isPending} />
      </form>
    </Dialog>
  );
}
