import {
  Alert,
  Anchor,
  Box,
  Breadcrumbs,
  Button,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  backOfficeRoleOf,
  canReadAuditTrail,
  defaultBackOfficeRole,
  formatDisplayDate,
  PRACTICE_LIST_PATH,
  PRACTICE_LOADING_HIDE_MS,
  PRACTICE_MESSAGES,
  PRACTICE_TABS,
  practiceDetailsPath,
  practiceOpening,
  practiceOverviewPath,
  practiceRolesFrom,
  type TPracticeAccess,
  type TPracticeTab,
} from '@portal/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { type CombinedError, useQuery } from 'urql';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { getCopy, hasDeviceStore, putCopy } from '../../../lib/offline/device-store.ts';
import { useServices } from '../../../lib/services.tsx';
import { HistoryButton } from '../../audit/index.ts';
import { GetPracticeOverviewQuery, type TPracticeOverview } from '../api/get-practice-overview.ts';
import { useUserPermissions } from '../api/get-user-permissions.ts';
import { useLingeringFlag } from '../hooks/use-lingering-flag.ts';
import { usePaymentRedirect } from '../hooks/use-payment-redirect.ts';
import { isNetworkFailure, offlinePracticeKey, type TOfflinePractice } from '../model/offline-practice.ts';
import { PracticeContextProvider, type TPracticeTotals, usePracticeContext } from './practice-context.tsx';
import { RecordPaymentButton } from './record-payment-button.tsx';
import { StatusBadge } from './status-badge.tsx';

/** Shown when a practice cannot be opened (the spec only says the user goes back to the list). */
export const PRACTICE_OPEN_FAILED = 'This practice could not be opened. You may not have access to it.';

const TABS: Array<{ value: TPracticeTab; label: string; total: keyof TPracticeTotals }> = [
  { value: PRACTICE_TABS.staff, label: 'Staff', total: 'staff' },
  { value: PRACTICE_TABS.documents, label: 'Documents', total: 'documents' },
  { value: PRACTICE_TABS.accreditation, label: 'Accreditation', total: 'accreditation' },
];

/** /PracticeOverview/:id — one provider per practice id, so nothing carries over between practices. */
export function PracticeOverviewRoute() {
  const { id } = useParams();
  const practiceId = Number(id);
  if (!Number.isInteger(practiceId) || practiceId <= 0) return <Navigate to={PRACTICE_LIST_PATH} replace />;
  return <PracticeOverview key={practiceId} practiceId={practiceId} />;
}

function PracticeOverview({ practiceId }: { practiceId: number }) {
  const navigate = useNavigate();
  const { log } = useServices();
  const [practiceResult, refetchPractice] = useQuery({
    query: GetPracticeOverviewQuery,
    variables: { id: practiceId },
    requestPolicy: 'cache-and-network',
  });
  const [permissionsResult, refetchPermissions] = useUserPermissions(practiceId);
  const user = useCurrentUser();
  const offline = useOfflinePractice(user.id, practiceId, practiceResult, permissionsResult);
  // A load that fails for want of a network answers without data: the practice as last answered
  // stays, so losing the connection never blanks the open screen while the device's
  // copy is read (nor unmounts the page below, which would open it again).
  const lastPractice = useLastAnswer(practiceResult.data?.practices_by_pk);
  const lastPermissions = useLastAnswer(permissionsResult.data?.userPermissions);
  const practice =
    practiceResult.data?.practices_by_pk ??
    (offline.cut ? lastPractice : undefined) ??
    offline.copy?.practice;
  const permissions =
    permissionsResult.data?.userPermissions ??
    (offline.cut ? lastPermissions : undefined) ??
    offline.copy?.permissions;
  const loading = !practice || !permissions;
  const showLoader = useLingeringFlag(loading && !offline.waiting, PRACTICE_LOADING_HIDE_MS);

  // Without a connection the device's copy opens the practice; only a refusal (or no
  // copy) is a failure.
  const failure =
    offline.waiting || (offline.cut && practice && permissions)
      ? null
      : offline.copy
        ? null
        : (permissionsResult.error ??
          practiceResult.error ??
          (practiceResult.data && !practiceResult.fetching && practice === null ? 'not found' : null));
  // Both loads may fail, one after the other: the user hears about it once per practice.
  const reportedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!failure || Object.is(reportedFor.current, practiceId)) return;
    reportedFor.current = practiceId;
    // Spec 000 §8: a permission load failure is logged and the user goes back to the practice list.
    log('error', 'Permission load failure: could not open the practice', { practiceId, failure });
    notifyError(PRACTICE_OPEN_FAILED);
    navigate(PRACTICE_LIST_PATH, { replace: true });
  }, [failure, practiceId, navigate, log]);

  // Opening the practice (spec 000 §2, §4): a new application waiting for its fee sends a user
  // who may pay to payment; a user whose list row is locked goes back to the list. Once per visit:
  // when the payment page cannot be had, the failure message shows and the practice opens.
  const payment = usePaymentRedirect();
  const opening = useMemo(
    () =>
      practice && permissions
        ? practiceOpening(practice, {
            practiceRoles: practiceRolesFrom(permissions.practiceRoles),
            backOfficeRole: defaultBackOfficeRole(user.flags),
            isAdmin: user.flags.admin,
          })
        : null,
    [practice, permissions, user.flags],
  );
  const opened = useRef(false);
  useEffect(() => {
    if (!opening || opened.current) return;
    opened.current = true;
    if (opening === 'payment') void payment.redirect(practiceId);
    else if (opening === 'locked') {
      notifyError(PRACTICE_MESSAGES.practiceLocked);
      navigate(PRACTICE_LIST_PATH, { replace: true });
    }
  }, [opening, practiceId, payment.redirect, navigate]);
  // Nothing of the practice shows on the way to payment or back to the list.
  const leaving = opening === 'locked' || (opening === 'payment' && !payment.failed);

  const refetch = useCallback(() => {
    refetchPractice({ requestPolicy: 'network-only' });
    refetchPermissions({ requestPolicy: 'network-only' });
  }, [refetchPractice, refetchPermissions]);
  const practiceRoles = useMemo(() => permissions?.practiceRoles ?? [], [permissions]);
  const access = useMemo<TPracticeAccess>(
    () => ({
      practiceRoles: practiceRolesFrom(permissions?.practiceRoles ?? []),
      backOfficeRole: backOfficeRoleOf(permissions?.backOfficeRole),
      visitorOnSurveyVisitIds: permissions?.visitorOnSurveyVisitIds ?? [],
    }),
    [permissions],
  );

  return (
    <Stack gap="lg">
      <Box h={4} aria-hidden={!showLoader}>
        {showLoader ? (
          <Progress value={100} animated size={4} radius="xl" aria-label="Loading practice" />
        ) : null}
      </Box>
      {payment.failed ? (
        <Alert color="red" variant="light" role="alert">
          {PRACTICE_MESSAGES.paymentRedirectFailed}
        </Alert>
      ) : null}
      {loading || failure || leaving ? (
        <OverviewSkeleton />
      ) : (
        <PracticeContextProvider
          practice={practice}
          permissions={permissions}
          practiceRoles={practiceRoles}
          access={access}
          refetch={refetch}
        >
          <PracticeHeader />
          <OverviewTabs />
        </PracticeContextProvider>
      )}
    </Stack>
  );
}

/**
 * The practice on the device: each time both loads answer, the copy is refreshed;
 * when either fails for want of a network, the copy (if this user has one) stands in.
 */
function useOfflinePractice(
  userId: number,
  practiceId: number,
  practiceResult: { data?: { practices_by_pk?: TPracticeOverview | null }; error?: CombinedError },
  permissionsResult: {
    data?: { userPermissions?: TOfflinePractice['permissions'] | null };
    error?: CombinedError;
  },
): { copy: TOfflinePractice | null; waiting: boolean; cut: boolean } {
  const practice = practiceResult.data?.practices_by_pk;
  const permissions = permissionsResult.data?.userPermissions;
  useEffect(() => {
    if (!practice || !permissions || !hasDeviceStore()) return;
    void putCopy<TOfflinePractice>(userId, offlinePracticeKey(practiceId), { practice, permissions }).catch(
      (error: unknown) => console.warn('Could not keep the practice on the device', error),
    );
  }, [userId, practiceId, practice, permissions]);
  const cut = isNetworkFailure(practiceResult.error) || isNetworkFailure(permissionsResult.error);
  const [copy, setCopy] = useState<{ copy: TOfflinePractice | null } | null>(null);
  useEffect(() => {
    if (!cut) return;
    let live = true;
    void getCopy<TOfflinePractice>(userId, offlinePracticeKey(practiceId))
      .catch(() => undefined)
      .then((found) => {
        if (live) setCopy({ copy: found?.data ?? null });
      });
    return () => {
      live = false;
    };
  }, [cut, userId, practiceId]);
  if (!cut) return { copy: null, waiting: false, cut };
  return { copy: copy?.copy ?? null, waiting: copy === null, cut };
}

/** The last answer a load gave (a failed reload answers without data); undefined before one. */
function useLastAnswer<T>(answer: T | null | undefined): T | undefined {
  const [last, setLast] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (answer) setLast(answer);
  }, [answer]);
  return answer ?? last;
}

function OverviewSkeleton() {
  return (
    <Stack gap="md" data-testid="practice-overview-skeleton">
      <Skeleton h={14} w={160} />
      <Skeleton h={30} w={360} />
      <Skeleton h={16} w={280} />
      <Skeleton h={40} mt="md" />
      <Skeleton h={220} />
    </Stack>
  );
}

function addressLine(practice: TPracticeOverview): string {
  const address = practice.organisation.physical_address;
  return [address?.suburb, [address?.state, address?.postcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
}

function PracticeHeader() {
  const { practice, practiceId, access } = usePracticeContext();
  const cycle = practice.current_accreditation;
  const facts = [
    addressLine(practice),
    practice.network?.name,
    cycle?.ext_date
      ? `Extended to ${formatDisplayDate(cycle.ext_date)}`
      : cycle?.expiry_date
        ? `Expires ${formatDisplayDate(cycle.expiry_date)}`
        : null,
  ].filter(Boolean);
  return (
    <Stack gap={6}>
      <Breadcrumbs separator="›" fz="sm">
        <Anchor component={Link} to={PRACTICE_LIST_PATH} fz="sm">
          Practices
        </Anchor>
        <Text fz="sm" c="dimmed" truncate maw={360}>
          {practice.organisation.name}
        </Text>
      </Breadcrumbs>
      {/* The buttons go under the name when both do not fit (a tablet with History shown). */}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6} miw={0} style={{ flex: '1 1 30rem' }}>
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Title order={1} fz={26} lineClamp={1}>
              {practice.organisation.name}
            </Title>
            <StatusBadge status={practice.status} size="lg" />
          </Group>
          <Text c="dimmed" fz="sm">
            {facts.join(' · ')}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          {canReadAuditTrail(access) ? (
            <HistoryButton
              subject="practice"
              id={practiceId}
              what={practice.organisation.name}
              label="History of this practice"
            />
          ) : null}
          <RecordPaymentButton />
          <Button component={Link} to={practiceDetailsPath(practiceId)} variant="default">
            Practice details
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

function OverviewTabs() {
  const { practiceId, totals } = usePracticeContext();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = pathname.split('/')[3] ?? PRACTICE_TABS.staff;
  return (
    <Paper withBorder radius="lg" p={0}>
      <Tabs
        value={TABS.some((tab) => tab.value === current) ? current : PRACTICE_TABS.staff}
        onChange={(value) => {
          const tab = TABS.find((t) => t.value === value);
          if (tab) navigate(practiceOverviewPath(practiceId, tab.value));
        }}
        keepMounted={false}
      >
        <Tabs.List px="md" pt={4}>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} fz="sm" fw={600} py="md">
              {tab.label}
              {totals[tab.total] !== undefined ? (
                <Text span c="dimmed" fz="xs" fw={500} ml={6}>
                  {totals[tab.total]}
                </Text>
              ) : null}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Box p="lg">
        <Outlet />
      </Box>
    </Paper>
  );
}
