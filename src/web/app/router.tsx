import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, useParams } from 'react-router';
import { Spinner } from '../components/spinner';
import { useSession } from '../features/auth/api/use-session';
import { LoginPage } from '../features/auth/routes/login-page';
import { ChecklistFillPage } from '../features/checklists/routes/checklist-fill-page';
import { ChecklistsAdminPage } from '../features/checklists/routes/checklists-admin-page';
import { LandingPage } from '../features/landing/routes/landing-page';
import { PrintStudioPage } from '../features/print/routes/print-studio-page';
import { SearchProvider } from '../features/search/search-context';
import { StagePage } from '../features/stage/routes/stage-page';
import { StatisticsPage } from '../features/statistics/routes/statistics-page';
import { TeamPage } from '../features/team/routes/team-page';
import { EditVaultPage } from '../features/vaults/routes/edit-vault-page';
import { AddWarehousePage } from '../features/warehouses/routes/add-warehouse-page';
import { DashboardPage } from '../features/warehouses/routes/dashboard-page';
import { EditWarehousePage } from '../features/warehouses/routes/edit-warehouse-page';
import { WarehousePage } from '../features/warehouses/routes/warehouse-page';
import { AppLayout } from './layout';

/** Waits for the session, then shows signed-in or signed-out content. */
function SessionGate({ signedIn, signedOut }: { signedIn: ReactNode; signedOut: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <Spinner label="Loading session" />;
  return <>{session.data ? signedIn : signedOut}</>;
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

function CompanyChecklist() {
  const { companySlug = '', segment = '' } = useParams();
  if (!segment.endsWith('-checklist')) return toRoot;
  return <ChecklistFillPage companySlug={companySlug} checklistPath={segment} />;
}

export const router = createBrowserRouter([
  { path: '/', element: <SessionGate signedIn={toDashboard} signedOut={<LandingPage />} /> },
  { path: '/login', element: <SessionGate signedIn={toDashboard} signedOut={<LoginPage />} /> },
  // Checklist fill pages work signed in or out: crews use them on a phone without an account.
  { path: '/:segment', element: <ChecklistOrUnknown /> },
  { path: '/c/:companySlug/:segment', element: <CompanyChecklist /> },
  {
    element: <RequireSession />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/stage', element: <StagePage /> },
          { path: '/warehouse/:warehouseName', element: <WarehousePage /> },
          { path: '/add-warehouse', element: <AddWarehousePage /> },
          { path: '/edit/vault/:vaultName', element: <EditVaultPage /> },
          { path: '/edit/:warehouseName', element: <EditWarehousePage /> },
          { path: '/statistics', element: <StatisticsPage /> },
          { path: '/print-studio', element: <PrintStudioPage /> },
          { path: '/warehouse-checklists', element: <ChecklistsAdminPage /> },
          { path: '/team', element: <TeamPage /> },
        ],
      },
    ],
  },
  { path: '*', element: toRoot },
]);
