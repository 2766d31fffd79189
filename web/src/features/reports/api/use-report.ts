import { reportFiltersToSearch, type TReport, type TReportFilters, type TReportName } from '@portal/domain';
import { useCallback, useEffect, useState } from 'react';
import { PortalError } from '../../../lib/errors.ts';
import { useServices } from '../../../lib/services.tsx';

export interface ReportState {
  report: TReport | null;
  error: PortalError | null;
  loading: boolean;
  reload: () => void;
}

/**
 * One report from the actions service (`GET /api/reports/:report?<filters>`), read again whenever
 * the filters change; an answer that arrives after newer filters were chosen is dropped.
 */
export function useReport(name: TReportName, filters: TReportFilters): ReportState {
  const { authorisedFetch, apiUrl } = useServices();
  const search = reportFiltersToSearch(filters).toString();
  const [state, setState] = useState<Omit<ReportState, 'reload'>>({
    report: null,
    error: null,
    loading: true,
  });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true, error: null }));
    const url = `${apiUrl}/reports/${name}${search ? `?${search}` : ''}`;
    // `round` is read so that reload() asks again.
    void round;
    authorisedFetch(url, { headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw await PortalError.fromResponse(response);
        return (await response.json()) as TReport;
      })
      .then(
        (report) => current && setState({ report, error: null, loading: false }),
        (error: unknown) =>
          current &&
          setState({
            report: null,
            error: error instanceof PortalError ? error : PortalError.from(error),
            loading: false,
          }),
      );
    return () => {
      current = false;
    };
  }, [authorisedFetch, apiUrl, name, search, round]);

  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { ...state, reload };
}
