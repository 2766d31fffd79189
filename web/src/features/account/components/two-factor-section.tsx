import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { formatAuditDateTime } from '@portal/domain';
import { useState } from 'react';
import type { TFactors, TTotpEnrolment } from '../../../lib/auth/factors-api.ts';
import { PortalError } from '../../../lib/errors.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useServices } from '../../../lib/services.tsx';
import { useFactors } from '../hooks/use-factors.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { RemoveFactorForm } from './remove-factor-form.tsx';
import { TotpEnrolment } from './totp-enrolment.tsx';

type Step =
  | { kind: 'list' }
  | { kind: 'enrolling'; enrolment: TTotpEnrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'removing'; factorId: number };

/**
 * Account settings: two-factor sign-in, opt-in (docs/decisions/accounts-and-sessions.md). Lists
 * the authenticator app when there is one, sets one up (QR code, typed key, a code to confirm,
 * then the recovery codes once) and removes it with the password.
 */
export function TwoFactorSection() {
  const { api } = useServices();
  const { factors, error, reload } = useFactors();
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const [starting, setStarting] = useState(false);

  const start = async () => {
    setStarting(true);
    try {
      setStep({ kind: 'enrolling', enrolment: await api.factors.startTotp() });
    } catch (caught) {
      notifyError(PortalError.from(caught).message);
    } finally {
      setStarting(false);
    }
  };
  const backToList = () => {
    setStep({ kind: 'list' });
    void reload();
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="two-factor-heading">
      <Stack gap={4}>
        <Title order={2} fz="lg" id="two-factor-heading">
          Two-factor sign-in
        </Title>
        <Text fz="sm">
          With two-factor sign-in, signing in asks for a code from an app on your phone as well as your
          password, so a stolen password alone does not open your account.
        </Text>
      </Stack>
      {step.kind === 'enrolling' ? (
        <TotpEnrolment
          enrolment={step.enrolment}
          onConfirmed={(codes) => setStep({ kind: 'codes', codes })}
          onCancel={backToList}
        />
      ) : step.kind === 'codes' ? (
        <RecoveryCodes codes={step.codes} onDone={backToList} />
      ) : step.kind === 'removing' ? (
        <RemoveFactorForm factorId={step.factorId} onRemoved={backToList} onCancel={backToList} />
      ) : error ? (
        <Text fz="sm" c="red.9">
          {error}
        </Text>
      ) : factors ? (
        <FactorList
          factors={factors}
          starting={starting}
          onStart={() => void start()}
          onRemove={(factorId) => setStep({ kind: 'removing', factorId })}
        />
      ) : null}
    </Stack>
  );
}

function FactorList({
  factors,
  starting,
  onStart,
  onRemove,
}: {
  factors: TFactors;
  starting: boolean;
  onStart: () => void;
  onRemove: (factorId: number) => void;
}) {
  if (factors.factors.length === 0) {
    return (
      <Group justify="space-between">
        <Text fz="sm" c="dimmed">
          Two-factor sign-in is off.
        </Text>
        <Button onClick={onStart} loading={starting}>
          Set up an authenticator app
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="sm">
      {factors.factors.map((factor) => (
        <Group key={factor.id} justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Text fw={600}>{factor.label}</Text>
            <Text fz="sm" c="dimmed">
              Added {formatAuditDateTime(factor.addedAt)}
              {factor.lastUsedAt ? ` · last used ${formatAuditDateTime(factor.lastUsedAt)}` : ''}
            </Text>
          </Stack>
          <Button variant="default" color="red" onClick={() => onRemove(factor.id)}>
            Remove
          </Button>
        </Group>
      ))}
      <Text fz="sm">Recovery codes left: {factors.recoveryCodesLeft} of 10.</Text>
    </Stack>
  );
}
