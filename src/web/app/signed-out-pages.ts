import type { SessionUser } from '../../contracts/auth';
import { loginPage } from '../features/auth/routes/login-page';
import { landingPage } from '../features/landing/routes/landing-page';

/** Where to go after signing in: a scanned label's lookup (its /s/ address), else the dashboard. */
function nextPath(state: unknown): string {
  const next = (state as { next?: unknown } | null)?.next;
  return typeof next === 'string' && next.startsWith('/scan?code=') ? next : '/dashboard';
}

/**
 * The landing page (`/`) and sign-in (`/login`) for a visitor without a session, without the
 * signed-in app (decision 0062): moving between the two stays in this page, and signing in
 * calls `onSignedIn` with the user, at the address the app should open.
 */
export function showSignedOutPages(root: HTMLElement, onSignedIn: (user: SessionUser) => void) {
  const show = () => {
    if (window.location.pathname === '/login') {
      const next = nextPath(window.history.state);
      root.replaceChildren(
        loginPage({
          onSignedIn: (user) => {
            window.removeEventListener('popstate', show);
            window.history.replaceState(null, '', next);
            onSignedIn(user);
          },
          onBack: () => go('/'),
        }),
      );
    } else if (window.location.pathname === '/') {
      root.replaceChildren(landingPage(() => go('/login')));
    } else {
      // Back to an address of the signed-in app: it decides what to show from a fresh load.
      window.location.reload();
      return;
    }
    window.scrollTo(0, 0);
  };
  const go = (path: string) => {
    window.history.pushState(null, '', path);
    show();
  };
  window.addEventListener('popstate', show);
  show();
}
