import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { formatAuditDateTime } from '@portal/domain';
import { useState } from 'react';
import type { TFactors, TTotpEnrolment } from '../../../lib/auth/factors-api.ts';
import { PortalError } from '../../../lib/errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useServices } from '../../../lib/services.tsx';
import { useFactors } from '../hooks/use-factors.ts';
import { PasskeyEnrolment } from './passkey-enrolment.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { RemoveFactorForm } from './remove-factor-form.tsx';
import { TotpEnrolment } from './totp-enrolment.tsx';

type TFactor = TFactors['factors'][number];

type Step =
  | { kind: 'list' }
  | { kind: 'enrolling'; enrolment: TTotpEnrolment }
  | { kind: 'addingPasskey' }
  | { kind: 'codes'; codes: string[]; factor: 'totp' | 'passkey' }
  | { kind: 'removing'; factor: TFactor; last: boolean };

/**
 * Account settings: two-factor sign-in, opt-in (docs/decisions/accounts-and-sessions.md). Lists
 * the authenticator app and the passkeys, sets up an app (QR code, typed key, a code to confirm)
 * or adds a passkey (a name, then the browser's dialog), shows the recovery codes once with the
 * first factor, and removes a factor with the password.
 */
export function TwoFactorSection() {
  const { api } = useServices();
  const { factors, error, reload } = useFactors();
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const [starting, setStarting] = useState(false);

  const startTotp = async () => {
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
  // The first factor brings the recovery codes; one beside another keeps the set already saved.
  const added = (factor: 'totp' | 'passkey', codes: string[], message: string) => {
    if (codes.length > 0) setStep({ kind: 'codes', codes, factor });
    else {
      notifySuccess(message);
      backToList();
    }
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="two-factor-heading">
      <Stack gap={4}>
        <Title order={2} fz="lg" id="two-factor-heading">
          Two-factor sign-in
        </Title>
        <Text fz="sm">
          With two-factor sign-in, signing in asks for a passkey or a code from an app on your phone as well
          as your password, so a stolen password alone does not open your account.
        </Text>
      </Stack>
      {step.kind === 'enrolling' ? (
        <TotpEnrolment
          enrolment={step.enrolment}
          onConfirmed={(codes) => added('totp', codes, 'The authenticator app has been set up.')}
          onCancel={backToList}
        />
      ) : step.kind === 'addingPasskey' ? (
        <PasskeyEnrolment
          onAdded={({ name, recoveryCodes }) =>
            added('passkey', recoveryCodes, `The passkey "${name}" has been added.`)
          }
          onCancel={backToList}
        />
      ) : step.kind === 'codes' ? (
        <RecoveryCodes codes={step.codes} kind={step.factor} onDone={backToList} />
      ) : step.kind === 'removing' ? (
        <RemoveFactorForm
          factor={step.factor}
          last={step.last}
          onRemoved={backToList}
          onCancel={backToList}
        />
      ) : error ? (
        <Text fz="sm" c="red.9">
          {error}
        </Text>
      ) : factors ? (
        <FactorList
          factors={factors}
          starting={starting}
          onStartTotp={() => void startTotp()}
          onAddPasskey={() => setStep({ kind: 'addingPasskey' })}
          onRemove={(factor) => setStep({ kind: 'removing', factor, last: factors.factors.length === 1 })}
        />
      ) : null}
    </Stack>
  );
}

function FactorList({
  factors,
  starting,
  onStartTotp,
  onAddPasskey,
  onRemove,
}: {
  factors: TFactors;
  starting: boolean;
  onStartTotp: () => void;
  onAddPasskey: () => void;
  onRemove: (factor: TFactor) => void;
}) {
  const hasTotp = factors.factors.some((factor) => factor.kind === 'totp');
  const adders = (
    <Group gap="sm">
      <Button variant={factors.factors.length === 0 ? 'filled' : 'default'} onClick={onAddPasskey}>
        Add a passkey
      </Button>
      {hasTotp ? null : (
        <Button variant="default" onClick={onStartTotp} loading={starting}>
          Set up an authenticator app
        </Button>
      )}
    </Group>
  );
  if (factors.factors.length === 0) {
    return (
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          Two-factor sign-in is off.
        </Text>
        {adders}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Stack
        gap="sm"
        component="ul"
        aria-label="Your sign-in factors"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {factors.factors.map((factor) => (
          <Group key={factor.id} component="li" justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Group gap="xs">
                <Text fw={600}>{factor.label}</Text>
                {factor.kind === 'passkey' ? (
                  <Badge variant="light" color="gray" size="sm">
                    Passkey
                  </Badge>
                ) : null}
              </Group>
              <Text fz="sm" c="dimmed">
                Added {formatAuditDateTime(factor.addedAt)}
                {factor.lastUsedAt
                  ? ` · last used ${formatAuditDateTime(factor.lastUsedAt)}`
                  : ' · not used yet'}
              </Text>
            </Stack>
            <Button
              variant="default"
              color="red"
              aria-label={`Remove ${factor.label}`}
              onClick={() => onRemove(factor)}
            >
              Remove
            </Button>
          </Group>
        ))}
      </Stack>
      <Text fz="sm">Recovery codes left: {factors.recoveryCodesLeft} of 10.</Text>
      {adders}
    </Stack>
  );
}
