import { type Order, ORDERS_WEB_TEXT as T } from '@cab/shared';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../../lib/format.ts';
import { useTimeline } from '../../api.ts';
import { describeEvent } from '../timeline.ts';
import { Loaded } from './parts.tsx';

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

export function TimelinePanel({ order }: { order: Order }) {
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
