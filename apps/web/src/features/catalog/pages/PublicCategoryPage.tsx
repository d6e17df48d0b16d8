import { CATALOG_TEXT, catalogApi, type Subcategory } from '@cab/shared';
import Box from '@mui/material/Box';
import { useParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useCurrentRoute } from '../../../lib/routes.ts';
import { useCan } from '../../auth/index.ts';
import { useCategory, useProductGroupsOf, useSubcategories } from '../api.ts';
import { BrowseCard, CardsSkeleton, CatalogBreadcrumbs, Cover, EmptyState, GRID } from '../public/PublicParts.tsx';
import { CategoryActions } from '../structure/StructureActions.tsx';

/** /catalog/public/category/{id}: the subcategories of one category. */
export default function PublicCategoryPage() {
  const id = Number(useParams().id);
  const route = useCurrentRoute();
  const category = useCategory(id);
  const subcategories = useSubcategories(id);
  const name = category.data?.name ?? '';
  const canWrite = useCan(catalogApi.subcategoryCreate);

  return (
    <>
      <CatalogBreadcrumbs
        trail={[{ label: CATALOG_TEXT.publicCatalog, to: '/catalog/public' }, { label: name || '…' }]}
      />
      <PageHeader
        title={name || route.title}
        actions={canWrite && category.data ? <CategoryActions category={category.data} /> : undefined}
      />
      {subcategories.isPending ? (
        <CardsSkeleton />
      ) : !subcategories.data ? (
        <LoadErrorAlert testId="public-error" onRetry={() => void subcategories.refetch()} />
      ) : subcategories.data.length === 0 ? (
        <EmptyState text={CATALOG_TEXT.noSubcategories} />
      ) : (
        <Box sx={GRID} data-testid="public-subcategories">
          {subcategories.data.map((sub) => (
            <SubcategoryCard key={sub.id} subcategory={sub} />
          ))}
        </Box>
      )}
    </>
  );
}

function SubcategoryCard({ subcategory }: { subcategory: Subcategory }) {
  const groups = useProductGroupsOf(subcategory.id, 4);
  const images = (groups.data?.results ?? []).flatMap((g) => g.images.slice(0, 1));
  return (
    <BrowseCard
      to={`/catalog/public/subcategory/${subcategory.id}`}
      title={subcategory.name}
      subtitle={CATALOG_TEXT.groupCount(subcategory.group_count)}
      cover={<Cover images={images} loading={groups.isPending} />}
      testId={`subcategory-${subcategory.id}`}
    />
  );
}
