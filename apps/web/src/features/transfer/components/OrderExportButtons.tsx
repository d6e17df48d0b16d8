import { ROLE_GROUPS, TRANSFER_WEB_TEXT as T } from '@cab/shared';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import { useInRoleGroup } from '../../auth/index.ts';
import { downloadOrderCsv, downloadOrderYaml } from '../api.ts';

/** The order's CNC CSV and YAML downloads, for the shop (ADMIN, STAFF). */
export function OrderExportButtons({ orderId }: { orderId: number }) {
  const shop = useInRoleGroup(ROLE_GROUPS.shop);
  if (!shop) return null;
  return (
    <>
      <Button
        size="small"
        startIcon={<FileDownloadOutlined />}
        onClick={() => downloadOrderCsv(orderId)}
        data-testid="order-export-csv"
      >
        {T.exportCsv}
      </Button>
      <Button
        size="small"
        startIcon={<FileDownloadOutlined />}
        onClick={() => downloadOrderYaml(orderId)}
        data-testid="order-export-yaml"
      >
        {T.exportYaml}
      </Button>
    </>
  );
}
