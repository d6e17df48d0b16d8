import { CATALOG_TEXT, type Endpoint } from '@cab/shared';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { download } from '../../../lib/api.ts';

/** Downloads the list as CSV in the import columns, so an admin can edit and re-import it. */
export function ExportCsvButton({
  endpoint,
  params,
  fileName,
}: {
  endpoint: Endpoint;
  params?: Record<string, string>;
  fileName: string;
}) {
  return (
    <DownloadButton
      data-testid="export-csv"
      onDownload={() => download(endpoint, { params, fallbackName: `${fileName}.csv` })}
    >
      {CATALOG_TEXT.downloadCsv}
    </DownloadButton>
  );
}
