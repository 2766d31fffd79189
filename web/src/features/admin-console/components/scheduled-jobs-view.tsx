import {
  Alert,
  Box,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { API_PREFIX, SCHEDULED_JOBS_PATH, type TScheduledJobView } from '@portal/domain';
import { useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { useServices } from '../../../lib/services.tsx';
import { listScheduledJobs, type ScheduledJobsOutcome } from '../data/list-scheduled-jobs.ts';
import { formatPortalDateTime } from '../model/portal-date-time.ts';

/** A failure's cell: when, its message, its attempts and whether it is tried again. */
function FailureCell({ failure }: { failure: TScheduledJobView['lastFailure'] }) {
  if (!failure) return <>None</>;
  return (
    <>
      <Typography variant="body2" component="span" sx={{ display: 'block' }}>
        {formatPortalDateTime(failure.at)}: {failure.message}
      </Typography>
      <Typography variant="body2" component="span" color="text.secondary" sx={{ display: 'block' }}>
        {failure.retryAt
          ? `Attempt ${failure.attempts} of ${failure.maxAttempts}; next try ${formatPortalDateTime(failure.retryAt)}`
          : `Failed after ${failure.attempts} of ${failure.maxAttempts} attempts`}
      </Typography>
    </>
  );
}

/**
 * The admin area's "Scheduled jobs" (docs/decisions/notifications.md#jobs-view): each schedule of
 * the scheduler with its cron in words, its last and next run (the portal's time, Sydney) and its
 * last failure with the message and attempts, from GET /api/admin/jobs.
 */
export function ScheduledJobsView() {
  const { apiUrl, authorisedFetch } = useServices();
  const endpoint = `${apiUrl}${SCHEDULED_JOBS_PATH.slice(API_PREFIX.length)}`;
  const [outcome, setOutcome] = useState<ScheduledJobsOutcome | null>(null);

  useEffect(() => {
    document.title = 'Scheduled jobs · Admin console';
    let live = true;
    listScheduledJobs(authorisedFetch, endpoint).then(
      (answer) => live && setOutcome(answer),
      () => live && setOutcome({ ok: false, message: 'The scheduled jobs could not be loaded.' }),
    );
    return () => {
      live = false;
    };
  }, [authorisedFetch, endpoint]);

  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 1100 }}>
      <Title title="Scheduled jobs" />
      <Card>
        <CardContent>
          <Typography component="h2" variant="h5" gutterBottom>
            Scheduled jobs
          </Typography>
          <Typography sx={{ mb: 2 }}>
            What the portal runs on its own, on a schedule in UTC, whatever the number of servers: each run
            once, a failed one tried again with growing pauses. Times are the portal's (Sydney).
          </Typography>
          {outcome === null ? (
            <Typography role="status">Loading the scheduled jobs…</Typography>
          ) : !outcome.ok ? (
            <Alert severity="error">{outcome.message}</Alert>
          ) : (
            <>
              {outcome.answer.schedulerEnabled ? null : (
                <Alert severity="info" sx={{ mb: 2 }}>
                  The scheduler is turned off on the server that answered (SCHEDULER_ENABLED=false).
                </Alert>
              )}
              <TableContainer>
                <Table aria-label="Scheduled jobs" size="small">
                  <TableHead sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                    <TableRow>
                      <TableCell component="th" scope="col">
                        Task
                      </TableCell>
                      <TableCell component="th" scope="col">
                        Schedule
                      </TableCell>
                      <TableCell component="th" scope="col">
                        Last run
                      </TableCell>
                      <TableCell component="th" scope="col">
                        Next run
                      </TableCell>
                      <TableCell component="th" scope="col">
                        Last failure
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {outcome.answer.jobs.map((job) => (
                      <TableRow key={job.task}>
                        <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                          {job.task}
                        </TableCell>
                        <TableCell>
                          {job.schedule}
                          <Typography
                            variant="body2"
                            color="text.secondary"
                            sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}
                          >
                            {job.cron}
                          </Typography>
                        </TableCell>
                        <TableCell>{job.lastRun ? formatPortalDateTime(job.lastRun) : 'Not yet'}</TableCell>
                        <TableCell>{formatPortalDateTime(job.nextRun)}</TableCell>
                        <TableCell>
                          <FailureCell failure={job.lastFailure} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
