import { loginPath, PRACTICE_LIST_PATH } from '@portal/domain';
import { Suspense, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { FullPageLoader } from '../../components/layout/full-page-loader.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { rememberRoute } from '../../lib/auth/return-route.ts';
import { lazyPage } from '../../lib/lazy-page.ts';

/**
 * The GraphQL client (urql, graphcache, graphql-ws) and the routes under it: its own chunk, so the
 * signed-out screens load without it. It comes with the signed-in routes (and the invitation's);
 * the sign-in screen fetches it once the browser is idle.
 */
export const GraphqlRoutes = lazyPage(() => import('../../lib/urql/graphql-routes.tsx'), 'GraphqlRoutes');

const SetUpTwoFactorPage = lazyPage(
  () => import('../../features/account/components/set-up-two-factor-page.tsx'),
  'SetUpTwoFactorPage',
);

function ToLogin({ remember }: { remember: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (remember) rememberRoute(`${location.pathname}${location.search}`);
    navigate(loginPath(), { replace: true });
  }, [location, navigate, remember]);
  return <FullPageLoader />;
}

/**
 * Every route but the login ones: signed-out users go to Login, remembering where they were
 * (not after they signed out themselves: that page was left on purpose); a session that must set
 * up a second factor first sees only "Set up two-factor sign-in"; the routes under it get the
 * GraphQL client. Its `preload` fetches that client's chunk along with the screens of a first
 * address under it (`preloadMatchedScreens`).
 */
export function RequireSignedIn() {
  const { status, signedOutByUser, user } = useAuth();
  if (status === 'restoring') return <FullPageLoader />;
  if (status === 'signedOut') return <ToLogin remember={!signedOutByUser} />;
  // The provider's policy requires a second factor of this user: nothing else until it is set up.
  if (user?.mustEnrolTwoFactor)
    return (
      <Suspense fallback={<FullPageLoader />}>
        <SetUpTwoFactorPage />
      </Suspense>
    );
  return <GraphqlRoutes />;
}
RequireSignedIn.preload = GraphqlRoutes.preload;

/** `/`: Login, or the practice list when signed in. */
export function HomeRedirect() {
  const { status } = useAuth();
  if (status === 'restoring') return <FullPageLoader />;
  return <Navigate to={status === 'signedIn' ? PRACTICE_LIST_PATH : loginPath()} replace />;
}
