import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Logo } from '../components/logo';
import { useLiveUpdates } from '../lib/live-updates';
import { useLogout } from '../features/auth/api/use-logout';
import { WarehouseSearch } from '../features/search/components/warehouse-search';
import { useBackupStatus } from '../features/backups/api/use-backups';
import { BackupWarning } from '../features/backups/components/backup-warning';
import { useWarehouseSummaries } from '../features/warehouses/api/use-warehouse-summaries';
import { warehousePath } from '../lib/paths';

const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-4 py-3 text-base font-medium ${isActive ? 'bg-brand-50 text-brand-900' : 'hover:bg-slate-100'}`;

function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const summaries = useWarehouseSummaries();
  const logout = useLogout();
  const navigate = useNavigate();
  // Only the installation's operators are answered; for everyone else the link stays away.
  const isOperator = useBackupStatus().isSuccess;
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <DialogPanel className="fixed inset-y-0 right-0 flex w-80 max-w-full flex-col overflow-y-auto bg-white p-4 shadow-xl">
        <div className="mb-4 flex items-center justify-between">
          <DialogTitle className="text-lg font-bold">Menu</DialogTitle>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="inline-flex h-11 w-11 items-center justify-center rounded-lg hover:bg-slate-100"
          >
            <X aria-hidden="true" className="h-6 w-6" />
          </button>
        </div>
        <nav aria-label="Main" className="flex-1 space-y-1" onClick={onClose}>
          <NavLink to="/dashboard" className={menuLinkClass}>
            Warehouses
          </NavLink>
          <div className="ml-3 border-l border-slate-200 pl-2">
            {summaries.data?.map((w) => (
              <NavLink key={w.id} to={warehousePath(w.slug)} className={menuLinkClass}>
                {w.name}
              </NavLink>
            ))}
          </div>
          <NavLink to="/scan" className={menuLinkClass}>
            Scan
          </NavLink>
          <NavLink to="/stage" className={menuLinkClass}>
            Stage
          </NavLink>
          <NavLink to="/audits" className={menuLinkClass}>
            Audits
          </NavLink>
          <NavLink to="/dig-outs" className={menuLinkClass}>
            Dig-outs
          </NavLink>
          <NavLink to="/statistics" className={menuLinkClass}>
            Statistics
          </NavLink>
          <NavLink to="/print-studio" className={menuLinkClass}>
            Print Studio
          </NavLink>
          <NavLink to="/warehouse-checklists" className={menuLinkClass}>
            Warehouse Checklists
          </NavLink>
          <NavLink to="/import" className={menuLinkClass}>
            Import
          </NavLink>
          <NavLink to="/team" className={menuLinkClass}>
            Team
          </NavLink>
          {isOperator && (
            <NavLink to="/backups" className={menuLinkClass}>
              Backups
            </NavLink>
          )}
        </nav>
        <button
          type="button"
          onClick={() =>
            logout.mutate(undefined, {
              onSettled: () => {
                onClose();
                navigate('/', { replace: true });
              },
            })
          }
          className="mt-4 min-h-11 rounded-lg border border-slate-400 px-4 py-3 font-semibold hover:bg-slate-100"
        >
          Logout
        </button>
      </DialogPanel>
    </Dialog>
  );
}

/** Signed-in frame: top nav with logo, the search box on warehouse routes, and the side menu. */
export function AppLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useLiveUpdates();
  const onWarehouseRoute = location.pathname.startsWith('/warehouse/');
  return (
    <div className="min-h-screen">
      <header className="no-print sticky top-0 z-40 flex items-center gap-2 bg-brand-900 px-3 py-2 text-white shadow sm:gap-4 sm:px-4">
        <Link to="/dashboard" aria-label="Vaultgrid home">
          <Logo light />
        </Link>
        <div className="min-w-0 flex-1">
          {onWarehouseRoute && (
            <div className="mx-auto max-w-xl">
              <WarehouseSearch />
            </div>
          )}
        </div>
        <button
          type="button"
          aria-label="Open menu"
          onClick={() => setMenuOpen(true)}
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg hover:bg-brand-700"
        >
          <Menu aria-hidden="true" className="h-6 w-6" />
        </button>
      </header>
      <BackupWarning />
      <main>
        <Outlet />
      </main>
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
    </div>
  );
}
