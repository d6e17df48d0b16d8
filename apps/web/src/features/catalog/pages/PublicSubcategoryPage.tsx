import { CATALOG_TEXT, catalogApi, type ProductGroup, SERVER_PAGES } from '@cab/shared';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useCurrentRoute } from '../../../lib/routes.ts';
import { useCan } from '../../auth/index.ts';
import { useSubcategory } from '../api.ts';
import { ImageViewer } from '../components/ImageViewer.tsx';
import { CardsSkeleton, CatalogBreadcrumbs, Cover, EmptyState, GRID } from '../public/PublicParts.tsx';
import { GroupCardActions, SubcategoryActions } from '../structure/StructureActions.tsx';

/** /catalog/public/subcategory/{id}: the product groups of a subcategory with their images and notes. */
export default function PublicSubcategoryPage() {
  const id = Number(useParams().id);
  const route = useCurrentRoute();
  const subcategory = useSubcategory(id);
  const data = subcategory.data;
  const canWrite = useCan(catalogApi.subcategoryUpdate);

  return (
    <>
      <CatalogBreadcrumbs
        trail={[
          { label: CATALOG_TEXT.publicCatalog, to: '/catalog/public' },
          ...(data?.category
            ? [{ label: data.category.name, to: `/catalog/public/category/${data.category.id}` }]
            : []),
          { label: data?.name ?? '…' },
        ]}
      />
      <PageHeader
        title={data?.name ?? route.title}
        subtitle={data ? CATALOG_TEXT.groupCount(data.groups.length) : undefined}
        actions={canWrite && data ? <SubcategoryActions subcategory={data} /> : undefined}
      />
      {subcategory.isPending ? (
        <CardsSkeleton />
      ) : !data ? (
        <LoadErrorAlert testId="public-error" onRetry={() => void subcategory.refetch()} />
      ) : data.groups.length === 0 ? (
        <EmptyState text={CATALOG_TEXT.noGroups} />
      ) : (
        <Box sx={{ ...GRID, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }} data-testid="public-groups">
          {data.groups.map((group, position) => (
            <GroupCard
              key={group.id}
              group={group}
              actions={canWrite ? <GroupCardActions subcategory={data} group={group} position={position} /> : null}
            />
          ))}
        </Box>
      )}
    </>
  );
}

function GroupCard({ group, actions }: { group: ProductGroup; actions: ReactNode }) {
  const [viewing, setViewing] = useState<number | null>(null);
  const notes = [group.note, group.secondary_note].filter((n) => n.trim() !== '');
  return (
    <Card data-testid={`group-${group.id}`} sx={{ display: 'flex', flexDirection: 'column' }}>
      <Box
        component={group.images.length > 0 ? 'button' : 'div'}
        type={group.images.length > 0 ? 'button' : undefined}
        onClick={group.images.length > 0 ? () => setViewing(0) : undefined}
        aria-label={group.images.length > 0 ? `${CATALOG_TEXT.viewFullSize}: ${group.name}` : undefined}
        sx={{ all: 'unset', display: 'block', cursor: group.images.length > 0 ? 'zoom-in' : 'default' }}
      >
        <Cover images={group.images.slice(0, 1)} height={220} />
      </Box>
      {group.images.length > 1 && (
        <Box sx={{ display: 'flex', gap: 1, px: 2, pt: 1.5 }}>
          {group.images.map((image, index) => (
            <Box
              key={image.id}
              component="button"
              type="button"
              onClick={() => setViewing(index)}
              aria-label={CATALOG_TEXT.imageAlt(group.name, index)}
              sx={{
                all: 'unset',
                width: 44,
                height: 44,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                overflow: 'hidden',
                cursor: 'zoom-in',
                '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
              }}
            >
              <Box
                component="img"
                src={image.thumbnail || image.image}
                alt=""
                sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
              />
            </Box>
          ))}
        </Box>
      )}
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="h6" component="h2">
          {group.name}
        </Typography>
        {notes.map((note) => (
          <Typography key={note} variant="body2" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'pre-line' }}>
            {note}
          </Typography>
        ))}
        {group.shelf_note && <Chip size="small" label={group.shelf_note} sx={{ mt: 1 }} />}
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', px: 2, pt: 0 }}>
        <Typography variant="caption" color="text.secondary">
          {CATALOG_TEXT.imageCount(group.images.length)}
        </Typography>
        {actions}
        <Tooltip title={CATALOG_TEXT.print}>
          <IconButton
            size="small"
            href={SERVER_PAGES.catalogGroupPrint(group.id)}
            target="_blank"
            rel="noopener"
            aria-label={`${CATALOG_TEXT.print} ${group.name}`}
          >
            <PrintOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </CardActions>
      <ImageViewer
        images={group.images}
        index={viewing}
        title={group.name}
        onIndexChange={setViewing}
        onClose={() => setViewing(null)}
      />
    </Card>
  );
}
