import { Button, Divider } from '@mantine/core';
import {
  SSO_ERROR_PARAM,
  SSO_OUTCOME_PARAM,
  SSO_SECOND_FACTOR,
  SSO_SIGNED_IN,
  SSO_START_PATH,
  ssoErrorMessage,
} from '@portal/domain';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useServices } from '../../../lib/services.tsx';

/** The identity provider's label when single sign-on is on (`/api/config`), else null. */
export function useSingleSignOnLabel(): string | null {
  const { publicConfig } = useServices();
  const [label, setLabel] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void publicConfig.load().then((config) => {
      if (live) setLabel(config?.singleSignOn?.label ?? null);
    });
    return () => {
      live = false;
    };
  }, [publicConfig]);
  return label;
}

/** What the identity provider's way back says (`/Login?sso=…` or `?sso_error=…`), read once. */
export function useSingleSignOnReturn(): {
  signedIn: boolean;
  secondFactor: boolean;
  error: string | null;
} {
  const [params] = useSearchParams();
  const outcome = params.get(SSO_OUTCOME_PARAM);
  return {
    signedIn: outcome === SSO_SIGNED_IN,
    secondFactor: outcome === SSO_SECOND_FACTOR,
    error: ssoErrorMessage(params.get(SSO_ERROR_PARAM)),
  };
}

/**
 * "Sign in with …": a link (a whole page navigation) to the actions service, which sends the
 * browser on to the provider's identity provider. For provider staff; practice users sign in with
 * their e-mail address and password above it.
 */
export function SingleSignOnButton({ label }: { label: string }) {
  const { apiUrl } = useServices();
  return (
    <>
      <Divider label="Provider staff" labelPosition="center" />
      <Button
        component="a"
        href={`${apiUrl}${SSO_START_PATH.replace(/^\/api/, '')}`}
        variant="default"
        size="md"
        fullWidth
      >
        Sign in with {label}
      </Button>
    </>
  );
}
