import { MSG, NOTIFY_MS, type Order, ordersApi, ORDERS_WEB_TEXT as T } from '@cab/shared';
import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useCan } from '../../auth/index.ts';
import {
  downloadOrderFile,
  useAddComment,
  useAddFiles,
  useAddStatusDocs,
  useAddTodo,
  useComments,
  useCompleteTodo,
  useDeleteTodo,
  useNotes,
  useOrderFiles,
  useResolveNote,
  useSaveNote,
  useTimeline,
  useTodos,
} from '../api.ts';
import { describeEvent } from './timeline.ts';

function Loaded<D>({ query, children }: { query: UseQueryResult<D>; children: (data: D) => ReactNode }) {
  if (query.isPending) return <Skeleton variant="rounded" height={80} />;
  if (query.isError) return <Alert severity="error">{T.loadFailed}</Alert>;
  return <>{children(query.data)}</>;
}

/** One-line text entry with a button (comment, to-do): 'Required' when empty. */
function AddLine({
  label,
  button,
  onAdd,
  testId,
  multiline,
}: {
  label: string;
  button: string;
  onAdd: (text: string) => Promise<unknown>;
  testId: string;
  multiline?: boolean;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(MSG.required);
      return;
    }
    setBusy(true);
    try {
      await onAdd(text.trim());
      setText('');
    } catch (err) {
      if (isApiRequestError(err) && err.hasFieldErrors) setError(Object.values(err.fields).flat().join(' '));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'flex', gap: 1, mt: 2 }}>
      <TextField
        size="small"
        label={label}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        error={Boolean(error)}
        helperText={error ?? undefined}
        multiline={multiline}
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': `${testId}-input` } }}
      />
      <Button type="submit" variant="outlined" disabled={busy} sx={{ alignSelf: 'flex-start', whiteSpace: 'nowrap' }}>
        {button}
      </Button>
    </Box>
  );
}

function CommentsPanel({ order }: { order: Order }) {
  const comments = useComments(order.id);
  const add = useAddComment(order.id);
  return (
    <Box data-testid="comments-panel">
      <Loaded query={comments}>
        {({ results }) =>
          results.length === 0 ? (
            <Typography color="text.secondary">{T.noComments}</Typography>
          ) : (
            <List dense>
              {results.map((c) => (
                <ListItem key={c.id} divider data-testid="comment">
                  <ListItemText
                    primary={c.text}
                    secondary={`${c.author?.full_name ?? T.system}, ${formatDateTime(c.created_at)}`}
                    slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
                  />
                </ListItem>
              ))}
            </List>
          )
        }
      </Loaded>
      <AddLine
        label={T.comment}
        button={T.addComment}
        onAdd={(text) => add.mutateAsync(text)}
        testId="comment"
        multiline
      />
    </Box>
  );
}

/** SPEC 2 Custom Note dialog: a 'Note' textarea and 'Add note'; 'Required' when empty. */
function CustomNoteDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const save = useSaveNote(order.id);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) {
      setError(MSG.required);
      return;
    }
    try {
      await save.mutateAsync({ note: note.trim() });
      onClose();
    } catch (err) {
      if (isApiRequestError(err) && err.hasFieldErrors) setError(Object.values(err.fields).flat().join(' '));
    }
  };
  return (
    <FormDialog
      title={T.customNote}
      submitLabel={T.addNote}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
      pending={save.isPending}
      testId="note-dialog"
    >
      <TextField
        label={T.note}
        value={note}
        onChange={(e) => {
          setNote(e.target.value);
          setError(null);
        }}
        error={Boolean(error)}
        helperText={error ?? undefined}
        multiline
        minRows={4}
        fullWidth
        autoFocus
        sx={{ mt: 1 }}
      />
    </FormDialog>
  );
}

function NotesPanel({ order }: { order: Order }) {
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

function TodosPanel({ order }: { order: Order }) {
  const todos = useTodos(order.id);
  const add = useAddTodo(order.id);
  const complete = useCompleteTodo(order.id);
  const remove = useDeleteTodo(order.id);
  return (
    <Box data-testid="todos-panel">
      <Loaded query={todos}>
        {({ results }) =>
          results.length === 0 ? (
            <Typography color="text.secondary">{T.noTodos}</Typography>
          ) : (
            <List dense>
              {results.map((t) => (
                <ListItem
                  key={t.id}
                  divider
                  data-testid="todo"
                  secondaryAction={
                    <IconButton
                      edge="end"
                      size="small"
                      aria-label={T.deleteTodo}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(t.id)}
                    >
                      <DeleteOutlineRounded fontSize="small" />
                    </IconButton>
                  }
                >
                  <FormControlLabel
                    control={
                      <Checkbox
                        size="small"
                        checked={t.is_completed}
                        onChange={(e) => complete.mutate({ todoId: t.id, is_completed: e.target.checked })}
                      />
                    }
                    label={t.text}
                    sx={{ textDecoration: t.is_completed ? 'line-through' : undefined }}
                  />
                </ListItem>
              ))}
            </List>
          )
        }
      </Loaded>
      <AddLine label={T.todo} button={T.addTodo} onAdd={(text) => add.mutateAsync(text)} testId="todo" />
    </Box>
  );
}

function FilePicker({ label, onFiles, testId }: { label: string; onFiles: (files: File[]) => void; testId: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="outlined" startIcon={<AttachFileRounded />} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid={testId}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}

function FilesPanel({ order }: { order: Order }) {
  const { enqueueSnackbar } = useSnackbar();
  const files = useOrderFiles(order.id);
  const addFiles = useAddFiles(order.id);
  const addStatusDocs = useAddStatusDocs(order.id);
  const canStatusDocs = useCan(ordersApi.addStatusDocs);
  const [replace, setReplace] = useState(false);
  const added = (n: number) =>
    enqueueSnackbar(T.filesAdded(n), { variant: 'success', autoHideDuration: NOTIFY_MS.short });
  return (
    <Box data-testid="files-panel">
      <Loaded query={files}>
        {({ results }) =>
          results.length === 0 ? (
            <Typography color="text.secondary">{T.noFiles}</Typography>
          ) : (
            <List dense>
              {results.map((f) => (
                <ListItem
                  key={f.id}
                  divider
                  data-testid="order-file"
                  secondaryAction={
                    <IconButton
                      edge="end"
                      size="small"
                      aria-label={T.download}
                      onClick={() => void downloadOrderFile(order.id, f.id, f.name)}
                    >
                      <DownloadRounded fontSize="small" />
                    </IconButton>
                  }
                >
                  <ListItemText
                    primary={f.name}
                    secondary={`${T.fileKinds[f.kind] ?? f.kind}${f.status ? ` (${f.status})` : ''}, ${formatDateTime(f.created_at)}`}
                  />
                </ListItem>
              ))}
            </List>
          )
        }
      </Loaded>
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <FilePicker
          label={T.addFiles}
          testId="add-files-input"
          onFiles={(list) => addFiles.mutate({ files: list, replace }, { onSuccess: () => added(list.length) })}
        />
        <FormControlLabel
          control={<Checkbox size="small" checked={replace} onChange={(e) => setReplace(e.target.checked)} />}
          label={T.replaceFiles}
        />
        {canStatusDocs && (
          <FilePicker
            label={T.addStatusDocs}
            testId="add-status-docs-input"
            onFiles={(list) => addStatusDocs.mutate(list, { onSuccess: () => added(list.length) })}
          />
        )}
      </Stack>
    </Box>
  );
}

/** One event in words: who did what, then what changed (money as money, no versions or ids). */
function TimelineText({ entry }: { entry: Parameters<typeof describeEvent>[0] & { at: string } }) {
  const { title, lines } = describeEvent(entry);
  return (
    <ListItemText
      primary={
        <>
          <strong>{title}</strong>, {formatDateTime(entry.at)}
        </>
      }
      secondary={
        <Box component="span" sx={{ display: 'block', fontSize: 12 }}>
          {lines.map((line) => (
            <Box component="span" key={line} sx={{ display: 'block', wordBreak: 'break-word' }}>
              {line}
            </Box>
          ))}
        </Box>
      }
    />
  );
}

function TimelinePanel({ order }: { order: Order }) {
  const timeline = useTimeline(order.id);
  return (
    <Box data-testid="timeline-panel">
      <Loaded query={timeline}>
        {({ results }) =>
          results.length === 0 ? (
            <Typography color="text.secondary">{T.noTimeline}</Typography>
          ) : (
            <List dense>
              {results.map((e) => (
                <ListItem key={e.id} divider data-testid="timeline-entry" sx={{ alignItems: 'flex-start' }}>
                  <TimelineText entry={e} />
                </ListItem>
              ))}
            </List>
          )
        }
      </Loaded>
    </Box>
  );
}

type TabName = 'comments' | 'notes' | 'todos' | 'files' | 'timeline';

/** Comments, the shop's notes and to-dos, files and the audit timeline of an order. */
export function OrderTabs({ order }: { order: Order }) {
  const shop = useCan(ordersApi.notes);
  const [tab, setTab] = useState<TabName>('comments');
  return (
    <Card>
      <Tabs
        value={tab}
        onChange={(_, next: TabName) => setTab(next)}
        sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        variant="scrollable"
      >
        <Tab value="comments" label={T.tabComments} data-testid="tab-comments" />
        {shop && <Tab value="notes" label={T.tabNotes} data-testid="tab-notes" />}
        {shop && <Tab value="todos" label={T.tabTodos} data-testid="tab-todos" />}
        <Tab value="files" label={T.tabFiles} data-testid="tab-files" />
        <Tab value="timeline" label={T.tabTimeline} data-testid="tab-timeline" />
      </Tabs>
      <Box sx={{ p: 2 }}>
        {tab === 'comments' && <CommentsPanel order={order} />}
        {tab === 'notes' && shop && <NotesPanel order={order} />}
        {tab === 'todos' && shop && <TodosPanel order={order} />}
        {tab === 'files' && <FilesPanel order={order} />}
        {tab === 'timeline' && <TimelinePanel order={order} />}
      </Box>
    </Card>
  );
}
