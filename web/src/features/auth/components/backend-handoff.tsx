import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../../components/layout/full-page-loader.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { PRACTICE_LIST_ROUTE } from '../../../lib/auth/landing-route.ts';
import { isSafeReturnRoute, rememberRoute } from '../../../lib/auth/return-route.ts';

/** The expiry of a JWT (its `exp` claim) as an ISO date; now when unreadable, so it refreshes. */
export function jwtExpiry(token: string): string {
  try {
    const payload = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: number;
    };
    if (typeof payload.exp === 'number') return new Date(payload.exp * 1000).toISOString();
  } catch {
    // fall through
  }
  return new Date().toISOString();
}

/**
 * /redirect-from-backend?access_token&refresh_token&url — the backend hands a session over: the
 * access token is kept in memory, then the user goes to `url` (our own paths only). The refresh
 * token stays the backend's business: it lives in the httpOnly cookie, never in script storage.
 */
export function RedirectFromBackendPage() {
  const [params] = useSearchParams();
  const { adoptToken } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('access_token');
    const url = params.get('url');
    const target = url && isSafeReturnRoute(url) ? url : PRACTICE_LIST_ROUTE;
    if (!token) {
      navigate('/Login', { replace: true });
      return;
    }
    adoptToken(token, jwtExpiry(token)).then(
      () => navigate(target, { replace: true }),
      () => {
        rememberRoute(target);
        navigate('/Login', { replace: true });
      },
    );
  }, [params, adoptToken, navigate]);
  return <FullPageLoader label="Signing you in" />;
}

/**
 * /login-from-backend?url — remembers `url` as the route to return to; a signed-in user is
 * signed out; then Login.
 */
export function LoginFromBackendPage() {
  const [params] = useSearchParams();
  const { status, signOut } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (status === 'restoring' || started.current) return;
    started.current = true;
    const url = params.get('url');
    const done = () => {
      if (url) rememberRoute(url);
      navigate('/Login', { replace: true });
    };
    if (status === 'signedIn') void signOut().then(done);
    else done();
  }, [status, params, signOut, navigate]);
  return <FullPageLoader label="Signing you out" />;
}
