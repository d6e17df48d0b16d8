import { CATALOG_TEXT, type CatalogImage } from '@cab/shared';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import NavigateNextRounded from '@mui/icons-material/NavigateNextRounded';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export const GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: 2.5,
} as const;

/** Where the reader is in the public catalogue; the last crumb is the current page. */
export function CatalogBreadcrumbs({ trail }: { trail: { label: string; to?: string }[] }) {
  return (
    <Breadcrumbs separator={<NavigateNextRounded fontSize="small" />} sx={{ mb: 1 }} aria-label="breadcrumb">
      {trail.map((crumb) =>
        crumb.to ? (
          <Link key={crumb.label} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
            {crumb.label}
          </Link>
        ) : (
          <Typography key={crumb.label} color="text.primary" aria-current="page">
            {crumb.label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}

/** Up to four thumbnails as the cover of a card, or a placeholder. */
export function Cover({
  images,
  loading,
  height = 170,
}: {
  images: CatalogImage[];
  loading?: boolean;
  height?: number;
}) {
  if (loading) return <Skeleton variant="rectangular" height={height} />;
  const shown = images.slice(0, 4);
  if (shown.length === 0) {
    return (
      <Box
        sx={{
          height,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'grey.100',
          color: 'text.disabled',
        }}
      >
        <ImageOutlined sx={{ fontSize: 40 }} aria-hidden />
        <Typography variant="caption">{CATALOG_TEXT.noImage}</Typography>
      </Box>
    );
  }
  return (
    <Box
      sx={{
        height,
        display: 'grid',
        gridTemplateColumns: shown.length > 1 ? '1fr 1fr' : '1fr',
        gridTemplateRows: shown.length > 2 ? '1fr 1fr' : '1fr',
        gap: '2px',
        bgcolor: 'grey.100',
      }}
    >
      {shown.map((image) => (
        <Box
          key={image.id}
          component="img"
          src={image.thumbnail || image.image}
          alt=""
          loading="lazy"
          sx={{ width: '100%', height: '100%', minHeight: 0, objectFit: 'contain', bgcolor: 'common.white' }}
        />
      ))}
    </Box>
  );
}

/** A clickable card leading deeper into the catalogue. */
export function BrowseCard({
  to,
  title,
  subtitle,
  cover,
  testId,
  children,
}: {
  to: string;
  title: string;
  subtitle?: string;
  cover: ReactNode;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <Card data-testid={testId} sx={{ height: '100%', transition: 'box-shadow 150ms', '&:hover': { boxShadow: 4 } }}>
      <CardActionArea
        component={RouterLink}
        to={to}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        {cover}
        <CardContent sx={{ flex: 1 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          )}
          {children}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export function CardsSkeleton({ count = 4 }: { count?: number }) {
  return (
    <Box sx={GRID}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Card key={i}>
          <Skeleton variant="rectangular" height={170} />
          <CardContent>
            <Skeleton width="60%" />
            <Skeleton width="40%" />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

export function EmptyState({ text }: { text: string }) {
  return (
    <Card sx={{ p: 6, textAlign: 'center' }} data-testid="public-empty">
      <Typography color="text.secondary">{text}</Typography>
    </Card>
  );
}
