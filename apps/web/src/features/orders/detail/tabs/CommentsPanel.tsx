import { type Order, ORDERS_WEB_TEXT as T } from '@cab/shared';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../../lib/format.ts';
import { useAddComment, useComments } from '../../api.ts';
import { AddLine, Loaded } from './parts.tsx';

export function CommentsPanel({ order }: { order: Order }) {
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
