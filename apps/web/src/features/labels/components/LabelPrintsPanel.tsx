import { LABEL_TEXT, type LabelPrint } from '@cab/shared';
import { DataTable } from '../../../components/data-table/DataTable.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useLabelPrints } from '../api.ts';

const columns: DataColumn<LabelPrint>[] = [
  { key: 'printed_at', header: LABEL_TEXT.printedAt, noWrap: true, render: (p) => formatDateTime(p.printed_at) },
  { key: 'printed_by', header: LABEL_TEXT.printedBy, render: (p) => p.printed_by?.full_name ?? '' },
  { key: 'mode', header: LABEL_TEXT.mode, render: (p) => LABEL_TEXT.printModes[p.mode] ?? p.mode },
  { key: 'labels', header: LABEL_TEXT.printedWhat, render: (p) => LABEL_TEXT.printedKeys(p.barcodes) },
  { key: 'count', header: LABEL_TEXT.printedCount, align: 'right', render: (p) => p.label_count },
];

/** The order's label prints, newest first: who printed which labels, when (GET {id}/label_prints/). */
export function LabelPrintsPanel({ orderId }: { orderId: number }) {
  const prints = useLabelPrints(orderId);
  return (
    <DataTable
      columns={columns}
      rows={prints.data?.results ?? []}
      loading={prints.isPending}
      loadError={prints.isError ? { onRetry: () => void prints.refetch() } : undefined}
      emptyText={LABEL_TEXT.noLabelPrints}
      testId="label-prints"
      rowTestId={() => 'label-print'}
    />
  );
}
