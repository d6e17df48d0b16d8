import { WEB_TEXT } from '@cab/shared';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../components/PageHeader.tsx';

/** Every route whose screen is not built yet: its title and a short note. */
export default function ComingSoonPage() {
  return (
    <Box data-testid="coming-soon">
      <PageHeader />
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
