import { type Order, orderNoteBodySchema, ORDERS_WEB_TEXT as T } from '@cab/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { TextDialog } from '../../../../components/form/TextDialog.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { useNotes, useResolveNote, useSaveNote } from '../../api.ts';
import { Loaded } from './parts.tsx';

/** SPEC 2 Custom Note dialog: a 'Note' textarea and 'Add note'; 'Required' when empty. */
function CustomNoteDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const save = useSaveNote(order.id);
  return (
    <TextDialog
      title={T.customNote}
      submitLabel={T.addNote}
      field={orderNoteBodySchema.shape.note}
      label={T.note}
      minRows={4}
      send={(note) => save.mutateAsync({ note }).then(() => undefined)}
      pending={save.isPending}
      onClose={onClose}
      testId="note-dialog"
    />
  );
}

export function NotesPanel({ order }: { order: Order }) {
  const notes = useNotes(order.id);
  const resolve = useResolveNote(order.id);
  const [adding, setAdding] = useState(false);
  return (
    <Box data-testid="notes-panel">
      <Loaded query={notes}>
        {({ results }) =>
          results.length === 0 ? (
            <Typography color="text.secondary">{T.noNotes}</Typography>
          ) : (
            <List dense>
              {results.map((n) => (
                <ListItem
                  key={n.id}
                  divider
                  data-testid="note"
                  secondaryAction={
                    !n.is_resolved && (
                      <Button size="small" disabled={resolve.isPending} onClick={() => resolve.mutate(n.id)}>
                        {T.resolve}
                      </Button>
                    )
                  }
                >
                  <ListItemText
                    primary={n.note}
                    secondary={
                      n.is_resolved
                        ? T.resolved(n.resolved_by?.full_name ?? T.system, formatDateTime(n.resolved_at))
                        : `${n.author?.full_name ?? T.system}, ${formatDateTime(n.created_at)}`
                    }
                    slotProps={{
                      primary: {
                        sx: { whiteSpace: 'pre-wrap', textDecoration: n.is_resolved ? 'line-through' : undefined },
                      },
                    }}
                  />
                </ListItem>
              ))}
            </List>
          )
        }
      </Loaded>
      <Button variant="outlined" sx={{ mt: 2 }} onClick={() => setAdding(true)} data-testid="add-note">
        {T.addNote}
      </Button>
      {adding && <CustomNoteDialog order={order} onClose={() => setAdding(false)} />}
    </Box>
  );
}
