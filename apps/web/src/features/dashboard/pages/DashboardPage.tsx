import {
  DASHBOARD_TEXT,
  type DashboardCard,
  formatWireMoney,
  ORDERS_WEB_TEXT,
  ROLE_LABELS,
  WEB_TEXT,
} from '@cab/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDateTime, formatDay } from '../../../lib/format.ts';
import { useSession } from '../../auth/index.ts';
import { useDashboard } from '../api.ts';
import { WeekChart } from '../components/WeekChart.tsx';

// Two figures a row on a phone: the week chart is not two screens of cards down.
const CARD_GRID = { xs: 6, sm: 6, lg: 3 } as const;

/** A card's value as a person reads it: money in dollars, a date or "Nothing due", a count. */
function shown(card: DashboardCard): string | number {
  if (card.kind === 'money' && typeof card.value === 'string') return formatWireMoney(card.value);
  if (card.kind === 'date') return card.value === '' ? DASHBOARD_TEXT.noDueDate : formatDay(String(card.value));
  return card.value;
}

/** The orders a card names (the late ones, today's planned), each a link to its order. */
function CardItems({ card }: { card: DashboardCard }) {
  if (!card.items?.length) return null;
  return (
    <List dense disablePadding sx={{ px: 1, pb: 1 }} data-testid={`dashboard-card-items-${card.key}`}>
      {card.items.map((item) => (
        <ListItem key={item.id} disablePadding>
          <ListItemButton component={RouterLink} to={`/orders/${item.id}`} sx={{ py: 0.25, px: 1.5 }}>
            <ListItemText
              primary={ORDERS_WEB_TEXT.orderTitle(item.id, item.name)}
              secondary={item.due_date ? DASHBOARD_TEXT.dueOn(formatDay(item.due_date)) : undefined}
              slotProps={{ primary: { noWrap: true } }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/**
 * One figure; with an `href`, the figure is a link to the list it sums up, named by its visible
 * label and value (WCAG 2.5.3: no aria-label that differs from what is read on screen).
 */
function FigureCard({ card }: { card: DashboardCard }) {
  const content = (
    <CardContent sx={{ p: 2.5, '&:last-child': { pb: 2.5 } }}>
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
        {card.label}
      </Typography>
      <Typography
        variant={typeof card.value === 'number' ? 'h4' : 'h5'}
        component="p"
        sx={{ mt: 1, fontWeight: 600, color: 'primary.main' }}
        data-testid="dashboard-card-value"
      >
        {shown(card)}
      </Typography>
    </CardContent>
  );
  return (
    <Card data-testid={`dashboard-card-${card.key}`} sx={{ height: '100%' }}>
      {card.href ? (
        <CardActionArea component={RouterLink} to={card.href} sx={{ height: card.items?.length ? undefined : '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
      <CardItems card={card} />
    </Card>
  );
}

/** / : greeting, figures for the role and recent activity (GET /api/core/dashboard/). */
export default function DashboardPage() {
  const { me, role } = useSession();
  const { data, isPending, isError } = useDashboard();
  const subtitle = [role ? ROLE_LABELS[role] : null, me?.company?.name].filter(Boolean).join(' · ');

  return (
    <>
      <PageHeader title={data?.greeting ?? WEB_TEXT.hello(me?.first_name ?? '')} subtitle={subtitle || undefined} />
      {isError && <Alert severity="error">{WEB_TEXT.dashboardUnavailable}</Alert>}
      <Grid container spacing={2} sx={{ mb: 3 }} data-testid="dashboard-cards">
        {isPending &&
          [0, 1, 2, 3].map((i) => (
            <Grid key={i} size={CARD_GRID}>
              <Card>
                <CardContent>
                  <Skeleton width="60%" />
                  <Skeleton width="40%" height={44} />
                </CardContent>
              </Card>
            </Grid>
          ))}
        {data?.cards.map((card) => (
          <Grid key={card.key} size={CARD_GRID}>
            <FigureCard card={card} />
          </Grid>
        ))}
      </Grid>
      {data?.week && <WeekChart week={data.week} />}
      {data && (
        <Card data-testid="dashboard-recent">
          <CardHeader
            title={WEB_TEXT.recentActivity}
            slotProps={{ title: { variant: 'h6', component: 'h2' } }}
            sx={{ pb: 1 }}
          />
          <Divider />
          {data.recent.length === 0 ? (
            <Box sx={{ p: 3 }}>
              <Typography color="text.secondary">{WEB_TEXT.noRecentActivity}</Typography>
            </Box>
          ) : (
            <List disablePadding>
              {data.recent.map((entry, index) => (
                // A rule under each item but the last (a separator <li> is not a list item, axe "list").
                <ListItem
                  key={`${entry.at}|${entry.text}`}
                  divider={index < data.recent.length - 1}
                  sx={{ px: 3, py: 1.5 }}
                >
                  <ListItemText primary={entry.text} secondary={formatDateTime(entry.at)} />
                </ListItem>
              ))}
            </List>
          )}
        </Card>
      )}
    </>
  );
}
