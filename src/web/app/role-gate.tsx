import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Endpoint } from '../../contracts/endpoint';
import { getStorageReport, listCustomers } from '../../contracts/customers';
import { listImports } from '../../contracts/imports';
import { createRequest } from '../../contracts/requests';
import { getStatistics } from '../../contracts/statistics';
import { listTeam } from '../../contracts/team';
import { addWarehouse } from '../../contracts/warehouses';
import { editDimensions } from '../../contracts/warehouse-layout';
import { roleAllows } from '../../domain/roles';
import { useSession } from '../features/auth/api/use-session';

/**
 * The call each screen beyond the floor cannot work without: a user whose role may not make it
 * is not offered the screen (roles, decision 0480). Screens not named here are everyone's.
 */
const screenCalls: Record<string, Pick<Endpoint, 'role'>> = {
  '/customers': listCustomers,
  '/requests': createRequest,
  '/storage-report': getStorageReport,
  '/statistics': getStatistics,
  '/import': listImports,
  '/team': listTeam,
  '/add-warehouse': addWarehouse,
  '/edit': editDimensions,
};

/** Whether the signed-in user may open the screen at a path of the menus. */
export function useMayOpen(): (path: string) => boolean {
  const role = useSession().data?.role;
  return (path) => {
    const call = screenCalls[path];
    return !call || (role !== undefined && roleAllows(role, call.role ?? 'crew'));
  };
}

/** A screen opened by its address by someone whose role may not use it: says so, and leads back. */
export function RoleGate({ path, children }: { path: string; children: ReactNode }) {
  const mayOpen = useMayOpen();
  if (mayOpen(path)) return <>{children}</>;
  return (
    <div className="mx-auto max-w-xl p-6">
      <h1 className="text-xl font-bold">Not for your role</h1>
      <p className="mt-2">
        Your role may not use this screen. An admin can change roles on the Team screen.
      </p>
      <Link to="/dashboard" className="mt-4 inline-block font-semibold text-brand-700 underline">
        Back to the warehouses
      </Link>
    </div>
  );
}
