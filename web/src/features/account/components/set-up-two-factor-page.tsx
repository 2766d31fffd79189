import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { TWO_FACTOR_POLICY_MESSAGES } from '@portal/domain';
import { useState } from 'react';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import type { TTotpEnrolment } from '../../../lib/auth/factors-api.ts';
import { PortalError } from '../../../lib/errors.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useServices } from '../../../lib/services.tsx';
import { PasskeyEnrolment } from './passkey-enrolment.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { TotpEnrolment } from './totp-enrolment.tsx';

type Step =
  | { kind: 'intro' }
  | { kind: 'enrolling'; enrolment: TTotpEnrolment }
  | { kind: 'addingPasskey' }
  | { kind: 'codes'; codes: string[]; factor: 'totp' | 'passkey' };

/**
 * Shown instead of every screen while the session must set up a second factor first (the
 * provider's two-factor policy, docs/decisions/accounts-and-sessions.md "A policy per role"): the
 * server refuses everything else until then. Either kind will do: a passkey or an authenticator
 * app. Once the codes are seen, the session is refreshed (its next token is a full one) and the
 * app opens where the user was going.
 */
export function SetUpTwoFactorPage() {
  const { api, session } = useServices();
  const { reloadUser, signOut } = useAuth();
  const [step, setStep] = useState<Step>({ kind: 'intro' });
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (caught) {
      notifyError(PortalError.from(caught).message);
    } finally {
      setBusy(false);
    }
  };
  const start = () =>
    run(async () => setStep({ kind: 'enrolling', enrolment: await api.factors.startTotp() }));
  const finish = () =>
    run(async () => {
      await session.refresh();
      await reloadUser();
    });

  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {TWO_FACTOR_POLICY_MESSAGES.screenTitle}
        </Title>
        {step.kind === 'enrolling' ? (
          <TotpEnrolment
            enrolment={step.enrolment}
            onConfirmed={(codes) =>
              codes.length > 0 ? setStep({ kind: 'codes', codes, factor: 'totp' }) : void finish()
            }
            onCancel={() => setStep({ kind: 'intro' })}
          />
        ) : step.kind === 'addingPasskey' ? (
          <PasskeyEnrolment
            onAdded={({ recoveryCodes }) =>
              recoveryCodes.length > 0
                ? setStep({ kind: 'codes', codes: recoveryCodes, factor: 'passkey' })
                : void finish()
            }
            onCancel={() => setStep({ kind: 'intro' })}
          />
        ) : step.kind === 'codes' ? (
          <RecoveryCodes codes={step.codes} kind={step.factor} onDone={() => void finish()} />
        ) : (
          <>
            <Text fz="sm">
              Your role requires two-factor sign-in: signing in asks for a passkey or a code from an app on
              your phone as well as your password. Set one up now to continue.
            </Text>
            <Group>
              <Button onClick={() => setStep({ kind: 'addingPasskey' })}>Add a passkey</Button>
              <Button variant="default" onClick={() => void start()} loading={busy}>
                Set up an authenticator app
              </Button>
              <Button variant="default" onClick={() => void signOut()}>
                Sign out
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Container>
  );
}
