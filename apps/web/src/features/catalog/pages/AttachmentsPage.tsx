import { ItemListView } from '../items/ItemListView.tsx';

/** /catalog/attachments (SPEC 2 "Attachments list"). */
export default function AttachmentsPage() {
  return <ItemListView scope="attachments" />;
}
