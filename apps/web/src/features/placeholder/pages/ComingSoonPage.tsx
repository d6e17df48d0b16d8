import { WEB_TEXT } from '@cab/shared';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useCurrentRoute } from '../../../lib/routes.ts';

/** Every route whose screen is not built yet: its title and a short note. */
export default function ComingSoonPage() {
  const route = useCurrentRoute();
  return (
    <Box data-testid="coming-soon">
      <PageHeader title={route.title} />
      <Card sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
        <ConstructionOutlined sx={{ fontSize: 48, color: 'text.secondary', mb: 1 }} aria-hidden />
        <Typography variant="h6" component="p">
          {WEB_TEXT.comingSoon}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {WEB_TEXT.comingSoonHint}
        </Typography>
      </Card>
    </Box>
  );
}
