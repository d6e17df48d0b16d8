import { ROLE_GROUPS, TRANSFER_WEB_TEXT as T } from '@cab/shared';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { useInRoleGroup } from '../../auth/index.ts';
import { downloadOrderCsv, downloadOrderYaml } from '../api.ts';

const FILES = [
  { format: 'csv', label: T.exportCsv, download: downloadOrderCsv },
  { format: 'yaml', label: T.exportYaml, download: downloadOrderYaml },
] as const;

/** The order's CNC CSV and YAML downloads, for the shop (ADMIN, STAFF). */
export function OrderExportButtons({ orderId }: { orderId: number }) {
  const shop = useInRoleGroup(ROLE_GROUPS.shop);
  if (!shop) return null;
  return FILES.map(({ format, label, download }) => (
    <DownloadButton
      key={format}
      variant="text"
      size="small"
      onDownload={() => download(orderId)}
      data-testid={`order-export-${format}`}
    >
      {label}
    </DownloadButton>
  ));
}
