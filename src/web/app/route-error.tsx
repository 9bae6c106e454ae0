import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/**
 * A lazy screen's chunk that is gone: after a deploy the old file names no longer exist on
 * the server, and each browser words the failed import differently.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk|ChunkLoadError|text\/html.*module script/i.test(
    `${error.name} ${error.message}`,
  );
}

function ErrorPage({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto max-w-lg p-6">
      <div role="alert" className="rounded-2xl bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-slate-700">{text}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="min-h-11 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900"
          >
            Reload
          </button>
          <Link
            to="/"
            reloadDocument
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-400 px-4 py-2 font-semibold"
          >
            Go to the start page
          </Link>
        </div>
      </div>
    </div>
  );
}

/**
 * The route-level error boundary: a friendly page with a way out instead of the router's
 * default stack trace, for a 404, a screen that failed to load after a deploy, or a crash.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPage title="Page not found" text="There is no page at this address." />;
  }
  if (isChunkLoadError(error)) {
    return (
      <ErrorPage
        title="Vaultgrid was updated"
        text="A new version is out, and this screen has changed with it. Reload to get it; nothing you saved is lost."
      />
    );
  }
  // Kept for whoever looks at the browser console; the person sees the page below.
  console.error(error);
  return (
    <ErrorPage
      title="Something went wrong"
      text="This screen stopped working. Reload to try again; nothing you saved is lost."
    />
  );
}
