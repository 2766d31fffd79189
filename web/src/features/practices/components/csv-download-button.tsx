import { Button } from '@mantine/core';
import { type PracticeListQuery, portalToday } from '@portal/domain';
import { useState } from 'react';
import { DownloadIcon } from '../../../components/icons.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { requireConnection } from '../../../lib/offline/needs-connection.ts';
import { useServices } from '../../../lib/services.tsx';
import { downloadPracticesCsv, saveFile } from '../api/download-practices-csv.ts';

/** Shown when the CSV cannot be made (the spec gives no words). */
export const CSV_DOWNLOAD_FAILED = 'The CSV could not be downloaded. Please try again.';

/** 'Download CSV' of exactly the current filtered list (every page, not just this one). */
export function CsvDownloadButton({ query, disabled }: { query: PracticeListQuery; disabled: boolean }) {
  const { authorisedFetch, apiUrl } = useServices();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (!requireConnection('Downloading')) return;
    setBusy(true);
    try {
      const today = portalToday();
      const { blob, fileName } = await downloadPracticesCsv(authorisedFetch, apiUrl, query, today);
      saveFile(blob, fileName);
    } catch (error) {
      console.error('CSV download failed', error);
      notifyError(CSV_DOWNLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<DownloadIcon size={16} />}
      loading={busy}
      disabled={disabled}
      onClick={download}
    >
      Download CSV
    </Button>
  );
}
