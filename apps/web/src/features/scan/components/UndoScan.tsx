import { productionApi, STATION_TEXT as S, scanUndoBodySchema } from '@cab/shared';
import UndoRounded from '@mui/icons-material/UndoRounded';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { TextDialog } from '../../../components/form/TextDialog.tsx';
import { useCan } from '../../auth/index.ts';
import { useUndoScan } from '../api.ts';

/**
 * Undo a mistaken scan (issue 35): asks why, then the cabinet and its order go back. An undone
 * scan shows as such (who and why on hover). Hidden from those who may not undo.
 */
export function UndoScan({
  scanId,
  undone,
  onUndone,
  compact = false,
}: {
  scanId: number | null | undefined;
  /** An icon alone (a phone's row keeps one line). */
  compact?: boolean;
  undone: { by: { full_name: string } | null; reason: string } | null;
  onUndone?: () => void;
}) {
  const can = useCan(productionApi.scanUndo);
  const undo = useUndoScan();
  const [asking, setAsking] = useState(false);
  if (undone) {
    return (
      <Tooltip title={S.undoneBy(undone.by?.full_name ?? '', undone.reason)}>
        <Chip size="small" variant="outlined" label={S.undone} data-testid="scan-undone" />
      </Tooltip>
    );
  }
  if (!can || !scanId) return null;
  return (
    <>
      {compact ? (
        <Tooltip title={S.undo}>
          <IconButton size="small" aria-label={S.undo} onClick={() => setAsking(true)} data-testid="scan-undo">
            <UndoRounded fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button size="small" startIcon={<UndoRounded />} onClick={() => setAsking(true)} data-testid="scan-undo">
          {S.undo}
        </Button>
      )}
      {asking && (
        <TextDialog
          title={S.undoTitle}
          submitLabel={S.undo}
          field={scanUndoBodySchema.shape.reason}
          label={S.undoReason}
          required
          send={async (reason) => {
            await undo.mutateAsync({ id: scanId, reason });
            onUndone?.();
            return S.undoDone;
          }}
          pending={undo.isPending}
          onClose={() => setAsking(false)}
          testId="undo-dialog"
          fieldTestId="undo-reason"
        />
      )}
    </>
  );
}
