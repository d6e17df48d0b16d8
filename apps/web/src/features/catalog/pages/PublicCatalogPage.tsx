import { CATALOG_TEXT, catalogApi, SERVER_PAGES, STRUCTURE_TEXT, type Subcategory } from '@cab/shared';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AddButton } from '../../../components/AddButton.tsx';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useCan } from '../../auth/index.ts';
import { useProductGroupsOf, useSubcategories } from '../api.ts';
import { BrowseCard, CardsSkeleton, Cover, EmptyState, GRID } from '../public/PublicParts.tsx';
import { useCategoriesOfType } from '../structure/api.ts';
import { CategoryFormDialog } from '../structure/CategoryFormDialog.tsx';

interface CategoryEntry {
  id: number;
  name: string;
  subcategories: Subcategory[];
}

/** /catalog/public: the categories of the catalogue, each with its subcategories (any signed-in role). */
export default function PublicCatalogPage() {
  const navigate = useNavigate();
  const canWrite = useCan(catalogApi.categoryCreate);
  const [adding, setAdding] = useState(false);
  const subcategories = useSubcategories();
  // An admin also sees the line item categories that have no subcategory yet, to fill them.
  const lineItemCategories = useCategoriesOfType('LINE_ITEM', canWrite);
  const categories = useMemo(() => {
    const map = new Map<number, CategoryEntry>();
    for (const sub of subcategories.data ?? []) {
      if (!sub.category) continue;
      const entry = map.get(sub.category.id) ?? { ...sub.category, subcategories: [] };
      entry.subcategories.push(sub);
      map.set(sub.category.id, entry);
    }
    for (const category of lineItemCategories.data ?? []) {
      if (!map.has(category.id)) map.set(category.id, { ...category, subcategories: [] });
    }
    return [...map.values()];
  }, [subcategories.data, lineItemCategories.data]);
  // A deleted category leaves its subcategories without one: the admin finds them here to move them.
  const unassigned = (subcategories.data ?? []).filter((sub) => !sub.category);
  // "No categories" only when every list asked for arrived: a failed load says so, with a retry.
  const queries = canWrite ? [subcategories, lineItemCategories] : [subcategories];
  const loading = queries.some((q) => q.isPending);
  const failed = queries.filter((q) => q.isError);

  return (
    <>
      <PageHeader
        subtitle={CATALOG_TEXT.publicCatalogSubtitle}
        actions={
          <>
            <Button
              variant="outlined"
              endIcon={<OpenInNewRounded />}
              href={SERVER_PAGES.catalog}
              target="_blank"
              rel="noopener"
            >
              {CATALOG_TEXT.printableCatalog}
            </Button>
            {canWrite && (
              <>
                <Button component={RouterLink} to="/catalog/categories" variant="outlined">
                  {STRUCTURE_TEXT.manageCategories}
                </Button>
                <Button component={RouterLink} to="/catalog/groups" variant="outlined">
                  {STRUCTURE_TEXT.manageProductGroups}
                </Button>
                <AddButton variant="contained" onClick={() => setAdding(true)}>
                  {STRUCTURE_TEXT.addCategory}
                </AddButton>
              </>
            )}
          </>
        }
      />
      {adding && (
        <CategoryFormDialog
          category={null}
          onClose={() => setAdding(false)}
          onSaved={(category) => navigate(`/catalog/public/category/${category.id}`)}
        />
      )}
      {loading ? (
        <CardsSkeleton />
      ) : (
        <>
          {failed.length > 0 && (
            <Box sx={{ mb: 2.5 }}>
              <LoadErrorAlert
                testId="public-error"
                onRetry={() => {
                  for (const q of failed) void q.refetch();
                }}
              />
            </Box>
          )}
          {categories.length > 0 ? (
            <Box sx={GRID} data-testid="public-categories">
              {categories.map((category) => (
                <CategoryCard key={category.id} category={category} />
              ))}
            </Box>
          ) : (
            failed.length === 0 && <EmptyState text={CATALOG_TEXT.noCategories} />
          )}
        </>
      )}
      {canWrite && unassigned.length > 0 && (
        <Box sx={{ mt: 4 }} data-testid="unassigned-subcategories">
          <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
            {STRUCTURE_TEXT.unassignedSubcategories}
          </Typography>
          <Box sx={GRID}>
            {unassigned.map((sub) => (
              <BrowseCard
                key={sub.id}
                to={`/catalog/public/subcategory/${sub.id}`}
                title={sub.name}
                subtitle={CATALOG_TEXT.groupCount(sub.group_count)}
                cover={<Cover images={[]} height={80} />}
              />
            ))}
          </Box>
        </Box>
      )}
    </>
  );
}

/** The cover shows the first subcategory's groups; an empty category (shown to admins) has none to ask for. */
function CategoryCard({ category }: { category: CategoryEntry }) {
  const first = category.subcategories[0];
  return first ? (
    <CoveredCategoryCard category={category} first={first} />
  ) : (
    <CategoryBrowseCard category={category} cover={<Cover images={[]} />} />
  );
}

function CoveredCategoryCard({ category, first }: { category: CategoryEntry; first: Subcategory }) {
  const groups = useProductGroupsOf(first.id, 4);
  const images = (groups.data?.results ?? []).flatMap((g) => g.images.slice(0, 1));
  return <CategoryBrowseCard category={category} cover={<Cover images={images} loading={groups.isPending} />} />;
}

function CategoryBrowseCard({ category, cover }: { category: CategoryEntry; cover: ReactNode }) {
  return (
    <BrowseCard
      to={`/catalog/public/category/${category.id}`}
      title={category.name}
      subtitle={CATALOG_TEXT.subcategoryCount(category.subcategories.length)}
      cover={cover}
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
