import { MSG, NOTIFY_MS } from '@cab/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ApiRequestError } from '../../../lib/api.ts';
import { useSnackbar } from '../../../lib/toasts.ts';

/**
 * 'Are you sure you want to delete {code}?' for a catalogue row; deletes, then tells (SPEC 2, 4).
 * With `confirmed`, a 409 answer is the server's question (what still uses the row): the dialog
 * shows it and a second Yes repeats the delete with `confirmed(row)`.
 */
export function ConfirmDelete<T>({
  target,
  label,
  remove,
  onClose,
  onDeleted,
  confirmed,
}: {
  target: T | null;
  label: (row: T) => string;
  remove: UseMutationResult<unknown, Error, T>;
  onClose: () => void;
  onDeleted?: (row: T) => void;
  confirmed?: (row: T) => T;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [question, setQuestion] = useState<string | null>(null);
  // The title stays while the dialog fades out.
  const last = useRef<T | null>(null);
  if (target) last.current = target;
  const shown = target ?? last.current;
  const close = () => {
    setQuestion(null);
    onClose();
  };
  return (
    <ConfirmDialog
      open={target !== null}
      title={MSG.deleteConfirm(shown ? label(shown) : '')}
      text={question ?? MSG.deleteIrreversible}
      confirmLabel={question ? MSG.deleteAnyway : MSG.deleteYes}
      destructive
      busy={remove.isPending}
      onClose={close}
      onConfirm={async () => {
        if (!target) return;
        try {
          await remove.mutateAsync(question && confirmed ? confirmed(target) : target);
          enqueueSnackbar(MSG.deleted(label(target)), { variant: 'success', autoHideDuration: NOTIFY_MS.short });
          onDeleted?.(target);
        } catch (err) {
          if (confirmed && !question && err instanceof ApiRequestError && err.status === 409) {
            setQuestion(err.message);
            return;
          }
          // A failure with a code and message is shown as a dialog by the API client (SPEC 8).
        }
        close();
      }}
    />
  );
}
