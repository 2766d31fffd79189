import { loginPath, PRACTICE_LIST_PATH } from '@portal/domain';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../../components/layout/full-page-loader.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { isSafeReturnRoute, rememberRoute } from '../../../lib/auth/return-route.ts';

/**
 * /redirect-from-backend?code&url (spec 000 §2): the back end hands this browser's session over
 * with a one-time code, which is exchanged server-side (it works only in the browser it was
 * issued to, once, for a minute); then the user goes to `url` (our own paths only). A token in
 * the URL is ignored: a link with someone else's token must not switch who is signed in. Without
 * a code, or when it is refused, the browser's own session decides: the page, or Login.
 */
export function RedirectFromBackendPage() {
  const [params] = useSearchParams();
  const { status, exchangeHandoff } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    // The browser's own session first, so the exchange is not overtaken by its restore.
    if (status === 'restoring' || started.current) return;
    started.current = true;
    const code = params.get('code');
    const url = params.get('url');
    const target = url && isSafeReturnRoute(url) ? url : PRACTICE_LIST_PATH;
    const withOwnSession = () => {
      if (status === 'signedIn') {
        navigate(target, { replace: true });
        return;
      }
      rememberRoute(target);
      navigate(loginPath(), { replace: true });
    };
    if (!code) {
      withOwnSession();
      return;
    }
    exchangeHandoff(code).then(() => navigate(target, { replace: true }), withOwnSession);
  }, [status, params, exchangeHandoff, navigate]);
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
      navigate(loginPath(), { replace: true });
    };
    if (status === 'signedIn') void signOut().then(done);
    else done();
  }, [status, params, signOut, navigate]);
  return <FullPageLoader label="Signing you out" />;
}
