import { MSG, NOTIFY_MS, WEB_TEXT } from '@cab/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useRef } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';

/** 'Are you sure you want to delete {code}?' for a catalogue row; deletes, then tells (SPEC 2, 4). */
export function ConfirmDelete<T>({
  target,
  label,
  remove,
  onClose,
  onDeleted,
}: {
  target: T | null;
  label: (row: T) => string;
  remove: UseMutationResult<unknown, Error, T>;
  onClose: () => void;
  onDeleted?: (row: T) => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  // The title stays while the dialog fades out.
  const last = useRef<T | null>(null);
  if (target) last.current = target;
  const shown = target ?? last.current;
  return (
    <ConfirmDialog
      open={target !== null}
      title={MSG.deleteConfirm(shown ? label(shown) : '')}
      text={MSG.deleteIrreversible}
      confirmLabel={MSG.deleteYes}
      cancelLabel={WEB_TEXT.cancel}
      destructive
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={async () => {
        if (!target) return;
        try {
          await remove.mutateAsync(target);
          enqueueSnackbar(MSG.deleted(label(target)), { variant: 'success', autoHideDuration: NOTIFY_MS.short });
          onDeleted?.(target);
        } catch {
          // A failure with a code and message is shown as a dialog by the API client (SPEC 8).
        } finally {
          onClose();
        }
      }}
    />
  );
}
