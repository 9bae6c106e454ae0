import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, useParams } from 'react-router';
import { Spinner } from '../components/spinner';
import { useSession } from '../features/auth/api/use-session';
import { RoleGate } from './role-gate';
import { SearchProvider } from '../lib/search-context';
import { AddWarehousePage } from '../features/warehouses/routes/add-warehouse-page';
import { DashboardPage } from '../features/warehouses/routes/dashboard-page';
import { WarehousePage } from '../features/warehouses/routes/warehouse-page';
import { AppLayout } from './layout';
import { RouteError } from './route-error';

/**
 * Screens past the dashboard and the warehouse load on first visit: a crew's phone opening a
 * checklist, or staff signing in, fetch only what the first screen needs. The warehouse screen
 * is in the app's own chunk (decision 0077): its data is asked for by the header's search at
 * once, and a lazy screen whose code arrived after its data was drawn as a Suspense retry,
 * time-sliced and held back by React's 300 ms reveal throttle.
 */
function lazyPage<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  const Page = lazy<ComponentType<P>>(async () => ({ default: (await load())[name] }));
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={<Spinner label="Loading page" />}>
        <Page {...props} />
      </Suspense>
    );
  };
}

const gated = (path: string, page: ReactNode) => <RoleGate path={path}>{page}</RoleGate>;
const ChecklistFillPage = lazyPage(
  () => import('../features/checklists/routes/checklist-fill-page'),
  'ChecklistFillPage',
);
const ChecklistsAdminPage = lazyPage(
  () => import('../features/checklists/routes/checklists-admin-page'),
  'ChecklistsAdminPage',
);
const PrintStudioPage = lazyPage(
  () => import('../features/print/routes/print-studio-page'),
  'PrintStudioPage',
);
const StatisticsPage = lazyPage(
  () => import('../features/statistics/routes/statistics-page'),
  'StatisticsPage',
);
const EditVaultPage = lazyPage(
  () => import('../features/vaults/routes/edit-vault-page'),
  'EditVaultPage',
);
const EditWarehousePage = lazyPage(
  () => import('../features/warehouses/routes/edit-warehouse-page'),
  'EditWarehousePage',
);
const StagePage = lazyPage(() => import('../features/stage/routes/stage-page'), 'StagePage');
const ImportPage = lazyPage(() => import('../features/imports/routes/import-page'), 'ImportPage');
const ScanPage = lazyPage(() => import('../features/scan/routes/scan-page'), 'ScanPage');
const AuditsPage = lazyPage(() => import('../features/audits/routes/audits-page'), 'AuditsPage');
const AuditPage = lazyPage(() => import('../features/audits/routes/audit-page'), 'AuditPage');
const RetrievePage = lazyPage(
  () => import('../features/dig-outs/routes/retrieve-page'),
  'RetrievePage',
);
const DigOutsPage = lazyPage(
  () => import('../features/dig-outs/routes/dig-outs-page'),
  'DigOutsPage',
);
const DigOutPage = lazyPage(() => import('../features/dig-outs/routes/dig-out-page'), 'DigOutPage');
const TodayPage = lazyPage(() => import('../features/pull-lists/routes/today-page'), 'TodayPage');
const CustomersPage = lazyPage(
  () => import('../features/customers/routes/customers-page'),
  'CustomersPage',
);
const CustomerPage = lazyPage(
  () => import('../features/customers/routes/customer-page'),
  'CustomerPage',
);
const StorageReportPage = lazyPage(
  () => import('../features/customers/routes/storage-report-page'),
  'StorageReportPage',
);
const RequestsPage = lazyPage(
  () => import('../features/requests/routes/requests-page'),
  'RequestsPage',
);
const RequestPage = lazyPage(
  () => import('../features/requests/routes/request-page'),
  'RequestPage',
);
const PortalPage = lazyPage(() => import('../features/requests/routes/portal-page'), 'PortalPage');
const TeamPage = lazyPage(() => import('../features/team/routes/team-page'), 'TeamPage');
const BackupsPage = lazyPage(
  () => import('../features/backups/routes/backups-page'),
  'BackupsPage',
);

/** Waits for the session, then shows signed-in or signed-out content. */
function SessionGate({ signedIn, signedOut }: { signedIn: ReactNode; signedOut: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <Spinner label="Loading session" />;
  return <>{session.data ? signedIn : signedOut}</>;
}

/**
 * The landing and sign-in pages are not part of this app (decision 0062): a visitor without a
 * session gets them from a fresh load of `path`, where main.ts shows them without React.
 * `next`: where to go once signed in.
 */
function SignedOutPage({ path, next }: { path: '/' | '/login'; next?: string }) {
  useEffect(() => {
    window.history.replaceState(next ? { next } : null, '', path);
    window.location.reload();
  }, [path, next]);
  return <Spinner label="Loading page" />;
}

const toRoot = <Navigate to="/" replace />;
const toDashboard = <Navigate to="/dashboard" replace />;

function RequireSession() {
  return (
    <SessionGate
      signedIn={
        <SearchProvider>
          <Outlet />
        </SearchProvider>
      }
      signedOut={toRoot}
    />
  );
}

/** `/{warehouse-slug}-checklist`: any other single segment is unknown and goes to /. */
function ChecklistOrUnknown() {
  const { segment = '' } = useParams();
  if (segment.endsWith('-checklist')) return <ChecklistFillPage checklistPath={segment} />;
  return toRoot;
}

/**
 * `/s/{code}`: the address in a label's QR code. Staff land on the scan screen with that code
 * looked up; anyone else lands on sign-in, and the page says nothing about the label, since
 * the code alone tells nothing (decision 0035).
 */
function ScanCodeLanding() {
  const { code = '' } = useParams();
  const next = `/scan?code=${encodeURIComponent(code)}`;
  return (
    <SessionGate
      signedIn={<Navigate to={next} replace />}
      signedOut={<SignedOutPage path="/login" next={next} />}
    />
  );
}

/** `/c/{token}`: the link printed on the checklists screen (decision 0015). */
function TokenChecklist() {
  const { token = '' } = useParams();
  return <ChecklistFillPage token={token} />;
}

export const router = createBrowserRouter([
  {
    // One boundary for every screen: a crash, a 404 answer or a lazy chunk that is gone after a
    // deploy shows a page with Reload, never the router's default.
    errorElement: <RouteError />,
    children: [
      {
        path: '/',
        element: <SessionGate signedIn={toDashboard} signedOut={<SignedOutPage path="/" />} />,
      },
      {
        path: '/login',
        element: <SessionGate signedIn={toDashboard} signedOut={<SignedOutPage path="/login" />} />,
      },
      // Checklist fill pages work signed in or out: crews use them on a phone without an account.
      { path: '/:segment', element: <ChecklistOrUnknown /> },
      { path: '/c/:token', element: <TokenChecklist /> },
      // The customer's link: no account, so outside the signed-in frame (issue 32).
      { path: '/portal/:token', element: <PortalPage /> },
      { path: '/s/:code', element: <ScanCodeLanding /> },
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                // Inside the signed-in frame, so the header and menu stay usable beside the error.
                errorElement: <RouteError />,
                children: [
                  { path: '/dashboard', element: <DashboardPage /> },
                  { path: '/stage', element: <StagePage /> },
                  { path: '/scan', element: <ScanPage /> },
                  { path: '/today', element: <TodayPage /> },
                  { path: '/warehouse/:warehouseName', element: <WarehousePage /> },
                  {
                    path: '/add-warehouse',
                    element: gated('/add-warehouse', <AddWarehousePage />),
                  },
                  { path: '/edit/vault/:vaultName', element: <EditVaultPage /> },
                  { path: '/edit/:warehouseName', element: gated('/edit', <EditWarehousePage />) },
                  { path: '/statistics', element: gated('/statistics', <StatisticsPage />) },
                  { path: '/print-studio', element: <PrintStudioPage /> },
                  { path: '/warehouse-checklists', element: <ChecklistsAdminPage /> },
                  { path: '/team', element: gated('/team', <TeamPage />) },
                  { path: '/backups', element: <BackupsPage /> },
                  { path: '/import', element: gated('/import', <ImportPage />) },
                  { path: '/import/:id', element: gated('/import', <ImportPage />) },
                  { path: '/audits', element: <AuditsPage /> },
                  { path: '/audits/:auditId', element: <AuditPage /> },
                  { path: '/retrieve/:vaultId', element: <RetrievePage /> },
                  { path: '/dig-outs', element: <DigOutsPage /> },
                  { path: '/dig-outs/:digOutId', element: <DigOutPage /> },
                  { path: '/customers', element: gated('/customers', <CustomersPage />) },
                  {
                    path: '/customers/:customerId',
                    element: gated('/customers', <CustomerPage />),
                  },
                  { path: '/requests', element: gated('/requests', <RequestsPage />) },
                  { path: '/requests/:requestId', element: <RequestPage /> },
                  {
                    path: '/storage-report',
                    element: gated('/storage-report', <StorageReportPage />),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: toRoot },
    ],
  },
]);
