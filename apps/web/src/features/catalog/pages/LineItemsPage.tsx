import { ItemListView } from '../items/ItemListView.tsx';

/** /catalog/items (SPEC 2 "Line Items list"). */
export default function LineItemsPage() {
  return <ItemListView scope="items" />;
}
