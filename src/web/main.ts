// The entry: decides between the signed-out pages, which run without React, and the
// signed-in app, which loads as its own chunks only when needed (decision 0062).
import type { SessionUser } from '../contracts/auth';
import { showSignedOutPages } from './app/signed-out-pages';
import { fetchSession } from './features/auth/api/sign-in';
import './styles.css';

async function startApp(root: HTMLElement, session?: SessionUser) {
  const app = await import('./app/app');
  app.startApp(root, session);
}

/** `/`, `/login` and a label's `/s/{code}`: what a visitor without a session opens. */
async function openSignedOutAddress(root: HTMLElement, scanCode: string | null) {
  const session = await fetchSession();
  if (session) {
    // Signed in: the app's own routes send `/` and `/login` on to the dashboard.
    await startApp(root, session);
    return;
  }
  if (scanCode !== null) {
    // Sign in first, then the scan screen looks the code up (decision 0035).
    const next = `/scan?code=${encodeURIComponent(scanCode)}`;
    window.history.replaceState({ next }, '', '/login');
  }
  showSignedOutPages(root, (user) => void startApp(root, user));
}

/** The code of a label's `/s/{code}` address; null for any other (or a malformed) one. */
function scanCodeOf(path: string): string | null {
  const segment = /^\/s\/([^/]+)$/.exec(path)?.[1];
  try {
    return segment === undefined ? null : decodeURIComponent(segment);
  } catch {
    return null;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const path = window.location.pathname;
const scanCode = scanCodeOf(path);
if (path === '/' || path === '/login' || scanCode !== null)
  void openSignedOutAddress(root, scanCode);
else void startApp(root);
