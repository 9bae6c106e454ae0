import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { SessionUser } from '../../contracts/auth';
import { sessionQueryKey } from '../features/auth/api/use-session';
import { ApiError } from '../lib/api';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refusal (4xx) will not change on retry; a network blip might.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: true,
    },
  },
});

/**
 * Starts the signed-in app (and the checklist pages, which work without a session) in
 * `root`. `session`: the user main.ts already knows of, so the app does not ask again.
 */
export function startApp(root: HTMLElement, session?: SessionUser) {
  if (session) queryClient.setQueryData(sessionQueryKey, session);
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
