import { CATALOG_TEXT, SERVER_PAGES, type Subcategory } from '@cab/shared';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useMemo } from 'react';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useCurrentRoute } from '../../../lib/routes.ts';
import { useProductGroupsOf, useSubcategories } from '../api.ts';
import { BrowseCard, CardsSkeleton, Cover, EmptyState, GRID } from '../public/PublicParts.tsx';

interface CategoryEntry {
  id: number;
  name: string;
  subcategories: Subcategory[];
}

/** /catalog/public: the categories of the catalogue, each with its subcategories (any signed-in role). */
export default function PublicCatalogPage() {
  const route = useCurrentRoute();
  const subcategories = useSubcategories();
  const categories = useMemo(() => {
    const map = new Map<number, CategoryEntry>();
    for (const sub of subcategories.data ?? []) {
      if (!sub.category) continue;
      const entry = map.get(sub.category.id) ?? { ...sub.category, subcategories: [] };
      entry.subcategories.push(sub);
      map.set(sub.category.id, entry);
    }
    return [...map.values()];
  }, [subcategories.data]);

  return (
    <>
      <PageHeader
        title={route.title}
        subtitle={CATALOG_TEXT.publicCatalogSubtitle}
        actions={
          <Button
            variant="outlined"
            endIcon={<OpenInNewRounded />}
            href={SERVER_PAGES.catalog}
            target="_blank"
            rel="noopener"
          >
            {CATALOG_TEXT.printableCatalog}
          </Button>
        }
      />
      {subcategories.isPending ? (
        <CardsSkeleton />
      ) : categories.length === 0 ? (
        <EmptyState text={CATALOG_TEXT.noCategories} />
      ) : (
        <Box sx={GRID} data-testid="public-categories">
          {categories.map((category) => (
            <CategoryCard key={category.id} category={category} />
          ))}
        </Box>
      )}
    </>
  );
}

function CategoryCard({ category }: { category: CategoryEntry }) {
  const first = category.subcategories[0];
  const groups = useProductGroupsOf(first?.id ?? 0, 4);
  const images = (groups.data?.results ?? []).flatMap((g) => g.images.slice(0, 1));
  return (
    <BrowseCard
      to={`/catalog/public/category/${category.id}`}
      title={category.name}
      subtitle={CATALOG_TEXT.subcategoryCount(category.subcategories.length)}
      cover={<Cover images={images} loading={groups.isPending} />}
      testId={`category-${category.id}`}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
        {category.subcategories.map((sub) => (
          <Chip key={sub.id} label={sub.name} size="small" variant="outlined" />
        ))}
      </Box>
    </BrowseCard>
  );
}
