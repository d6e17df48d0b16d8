import { CATALOG_TEXT, NOTIFY_MS, type PremiumKind, type PremiumType } from '@cab/shared';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useSnackbar } from '../../../lib/toasts.ts';
import { useUpdatePremiumGroupIndex } from '../api.ts';

/** The header row of a premium group: its name and its Index, editable and saved (SPEC 2). */
export function GroupHeader({
  kind,
  type,
  id,
  name,
  index,
  editable,
}: {
  kind: PremiumKind;
  type: PremiumType;
  id: number | null;
  name: string;
  index: number | null;
  editable: boolean;
}) {
  const update = useUpdatePremiumGroupIndex(kind, type);
  const { enqueueSnackbar } = useSnackbar();
  const [text, setText] = useState(index === null ? '' : String(index));
  useEffect(() => setText(index === null ? '' : String(index)), [index]);
  const n = Number(text);
  const valid = text.trim() !== '' && Number.isInteger(n) && n >= 0;
  const changed = valid && n !== index;

  const save = async () => {
    if (id === null || !changed) return;
    try {
      await update.mutateAsync({ id, index: n });
      enqueueSnackbar(CATALOG_TEXT.groupIndexSaved(name), { variant: 'success', autoHideDuration: NOTIFY_MS.short });
    } catch {
      // The API client already showed the failure (SPEC 8).
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 34 }}>
      <Typography variant="subtitle2" component="span" sx={{ fontWeight: 700, mr: 1 }}>
        {name}
      </Typography>
      {id !== null && editable && (
        <>
          <Typography variant="caption" color="text.secondary" component="label" htmlFor={`group-index-${id}`}>
            {CATALOG_TEXT.groupIndex}
          </Typography>
          <TextField
            id={`group-index-${id}`}
            size="small"
            type="number"
            value={text}
            error={text !== '' && !valid}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void save();
            }}
            slotProps={{
              htmlInput: {
                min: 0,
                'data-testid': `group-index-${id}`,
                'aria-label': `${CATALOG_TEXT.groupIndex} ${name}`,
              },
            }}
            sx={{ width: 80, '& .MuiInputBase-root': { bgcolor: 'background.paper' }, '& input': { py: 0.5 } }}
            fullWidth={false}
          />
          <Tooltip title={CATALOG_TEXT.saveGroupIndex}>
            <span>
              <IconButton
                size="small"
                color="primary"
                aria-label={`${CATALOG_TEXT.saveGroupIndex} ${name}`}
                disabled={!changed || update.isPending}
                onClick={() => void save()}
                data-testid={`save-group-index-${id}`}
              >
                {update.isPending ? <CircularProgress size={18} /> : <SaveOutlined fontSize="small" />}
              </IconButton>
            </span>
          </Tooltip>
        </>
      )}
      {id !== null && !editable && index !== null && (
        <Typography variant="caption" color="text.secondary">
          {CATALOG_TEXT.groupIndex} {index}
        </Typography>
      )}
    </Box>
  );
}
