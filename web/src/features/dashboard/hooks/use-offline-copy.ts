import { useCallback, useEffect, useState } from 'react';
import { useClient } from 'urql';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { onDeviceStoreChange } from '../../../lib/offline/device-store.ts';

/**
 * The offline assessment feature, loaded when a copy is read or taken: a static import would put
 * the assessment code into the dashboard's chunk (and out of its own, which the service worker
 * precaches by name).
 */
const assessments = () => import('../../assessment-offline/index.ts');

export interface TOfflineCopyState {
  /** When the device's copy of the assessment was taken, or null without one. */
  savedAt: Date | null;
  saving: boolean;
  /** Why the last press did nothing: offline, or the copy could not be taken. */
  problem: 'offline' | 'failed' | null;
  /** Takes (or updates) the copy; offline it only says that it needs a connection. */
  save(online: boolean): Promise<void>;
}

/** The device's copy of an assessment for the signed-in user, and a way to take it. */
export function useOfflineCopy(assessmentId: number): TOfflineCopyState {
  const user = useCurrentUser();
  const client = useClient();
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<TOfflineCopyState['problem']>(null);

  useEffect(() => {
    let current = true;
    const read = () =>
      void assessments()
        .then(({ offlineAssessmentCopy }) => offlineAssessmentCopy(user.id, assessmentId))
        .then((copy) => {
          if (current) setSavedAt(copy ? new Date(copy.savedAt) : null);
        })
        .catch((error: unknown) => console.warn('Could not read the offline copy', error));
    read();
    const stop = onDeviceStoreChange(read);
    return () => {
      current = false;
      stop();
    };
  }, [user.id, assessmentId]);

  const save = useCallback(
    async (online: boolean) => {
      if (!online) {
        setProblem('offline');
        return;
      }
      setProblem(null);
      setSaving(true);
      try {
        const { saveAssessmentForOffline } = await assessments();
        const { savedAt: saved } = await saveAssessmentForOffline(client, assessmentId, user.id);
        setSavedAt(saved);
      } catch (error) {
        console.warn('Could not make the assessment available offline', error);
        setProblem('failed');
      } finally {
        setSaving(false);
      }
    },
    [client, user.id, assessmentId],
  );

  return { savedAt, saving, problem, save };
}
