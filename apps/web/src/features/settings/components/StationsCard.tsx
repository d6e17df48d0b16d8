import {
  MSG,
  PRODUCTION_TEXT,
  STATION_TEXT as S,
  SCAN_SESSION_TYPES,
  type ScanSessionType,
  type Settings,
} from '@cab/shared';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AddButton } from '../../../components/AddButton.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { usePatchSettings } from '../api.ts';

type Station = { id?: number; name: string; scan_types: ScanSessionType[] };

/**
 * The shop's stations (issue 35): each a name and the scan types it does, saved as one list (a
 * removed station is gone; sessions that named it keep the name). Its own save: the list is
 * edited a row at a time, apart from the settings above.
 */
export function StationsCard({ settings }: { settings: Settings }) {
  const patch = usePatchSettings();
  const [rows, setRows] = useState<Station[]>(() => settings.stations.map((s) => ({ ...s })));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const change = (i: number, next: Partial<Station>) => {
    setSaved(false);
    setRows((list) => list.map((r, j) => (j === i ? { ...r, ...next } : r)));
  };
  const save = async () => {
    setError(null);
    try {
      const answer = await patch.mutateAsync({ stations: rows });
      setRows(answer.stations.map((s) => ({ ...s })));
      setSaved(true);
    } catch (e) {
      // The first field error says which row (e.g. a name left empty); else the message.
      const fields = isApiRequestError(e) ? Object.values(e.fields).flat() : [];
      setError(fields[0] ?? (e instanceof Error ? e.message : String(e)));
    }
  };
  return (
    <Card data-testid="stations-settings">
      <CardHeader title={S.stations} subheader={S.stationsHelp} />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={1.5}>
          {rows.map((r, i) => (
            <Box
              key={r.id ?? `new-${i}`}
              sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
              data-testid="station-row"
            >
              <TextField
                size="small"
                label={S.stationName}
                value={r.name}
                onChange={(e) => change(i, { name: e.target.value })}
                slotProps={{ htmlInput: { 'data-testid': 'station-name', maxLength: 100 } }}
              />
              {SCAN_SESSION_TYPES.map((type) => (
                <FormControlLabel
                  key={type}
                  label={PRODUCTION_TEXT.sessionTypes[type]}
                  control={
                    <Checkbox
                      size="small"
                      checked={r.scan_types.includes(type)}
                      onChange={(e) =>
                        change(i, {
                          scan_types: e.target.checked
                            ? [...r.scan_types, type]
                            : r.scan_types.filter((t) => t !== type),
                        })
                      }
                      slotProps={{ input: { 'aria-label': `${r.name} ${PRODUCTION_TEXT.sessionTypes[type]}` } }}
                    />
                  }
                />
              ))}
              <IconButton
                aria-label={`${S.removeStation} ${r.name}`}
                color="error"
                onClick={() => {
                  setSaved(false);
                  setRows((list) => list.filter((_, j) => j !== i));
                }}
              >
                <DeleteOutlineRounded fontSize="small" />
              </IconButton>
            </Box>
          ))}
          {rows.length === 0 && <Typography color="text.secondary">{S.queueEmpty}</Typography>}
          {error && <Alert severity="error">{error}</Alert>}
          {saved && <Alert severity="success">{MSG.settingsUpdated}</Alert>}
          <Box sx={{ display: 'flex', gap: 1 }}>
            <AddButton
              onClick={() => setRows((list) => [...list, { name: '', scan_types: ['PRODUCTION'] }])}
              data-testid="station-add"
            >
              {S.addStation}
            </AddButton>
            <Button variant="contained" onClick={save} disabled={patch.isPending} data-testid="stations-save">
              {S.saveStations}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
