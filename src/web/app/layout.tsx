import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import {
  ClipboardList,
  Ellipsis,
  Forklift,
  Menu,
  ScanLine,
  Warehouse,
  X,
  type LucideIcon,
} from 'lucide-react';
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
import { useMayOpen } from './role-gate';

const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-4 py-3 text-base font-medium ${isActive ? 'bg-brand-50 text-brand-900' : 'hover:bg-slate-100'}`;

function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const summaries = useWarehouseSummaries();
  const mayOpen = useMayOpen();
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
          <NavLink to="/today" className={menuLinkClass}>
            Today
          </NavLink>
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
          {mayOpen('/customers') && (
            <NavLink to="/customers" className={menuLinkClass}>
              Customers
            </NavLink>
          )}
          {mayOpen('/requests') && (
            <NavLink to="/requests" className={menuLinkClass}>
              Requests
            </NavLink>
          )}
          {mayOpen('/storage-report') && (
            <NavLink to="/storage-report" className={menuLinkClass}>
              Storage Report
            </NavLink>
          )}
          {mayOpen('/statistics') && (
            <NavLink to="/statistics" className={menuLinkClass}>
              Statistics
            </NavLink>
          )}
          <NavLink to="/print-studio" className={menuLinkClass}>
            Print Studio
          </NavLink>
          <NavLink to="/warehouse-checklists" className={menuLinkClass}>
            Warehouse Checklists
          </NavLink>
          {mayOpen('/import') && (
            <NavLink to="/import" className={menuLinkClass}>
              Import
            </NavLink>
          )}
          {mayOpen('/team') && (
            <NavLink to="/team" className={menuLinkClass}>
              Team
            </NavLink>
          )}
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

/** The main screens a desktop keeps in view in the top bar; the side menu holds them all. */
const topBarLinks: readonly { to: string; label: string }[] = [
  { to: '/dashboard', label: 'Warehouses' },
  { to: '/today', label: 'Today' },
  { to: '/scan', label: 'Scan' },
  { to: '/stage', label: 'Stage' },
  { to: '/audits', label: 'Audits' },
  { to: '/dig-outs', label: 'Dig-outs' },
  { to: '/requests', label: 'Requests' },
  { to: '/statistics', label: 'Statistics' },
  { to: '/print-studio', label: 'Print Studio' },
];

/** The floor's screens, a thumb away on a phone (decision 0470). */
const bottomBarLinks: readonly { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/dashboard', label: 'Warehouses', icon: Warehouse },
  // The day's pull list (decision 0551): the crew's first screen of a working day.
  { to: '/today', label: 'Today', icon: ClipboardList },
  { to: '/scan', label: 'Scan', icon: ScanLine },
  { to: '/stage', label: 'Stage', icon: Forklift },
];

const topBarLinkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold whitespace-nowrap ${isActive ? 'bg-white text-brand-900' : 'hover:bg-brand-700'}`;

const bottomBarItemClass =
  'flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-semibold';

function BottomBar({ onMore }: { onMore: () => void }) {
  return (
    <nav
      aria-label="Floor screens"
      className="no-print fixed inset-x-0 bottom-0 z-40 flex border-t border-slate-300 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      {bottomBarLinks.map(({ to, label, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          className={({ isActive }) =>
            `${bottomBarItemClass} ${isActive ? 'text-brand-700' : 'text-slate-700'}`
          }
        >
          <Icon aria-hidden="true" className="h-6 w-6" />
          {label}
        </NavLink>
      ))}
      <button type="button" onClick={onMore} className={`${bottomBarItemClass} text-slate-700`}>
        <Ellipsis aria-hidden="true" className="h-6 w-6" />
        More
      </button>
    </nav>
  );
}

/**
 * Signed-in frame: top bar with logo, the main screens on a desktop, the search box on
 * warehouse routes (a row of its own on a phone, so its placeholder reads whole), the side
 * menu, and on a phone a bottom bar with the floor's screens.
 */
export function AppLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const mayOpen = useMayOpen();
  useLiveUpdates();
  const onWarehouseRoute = location.pathname.startsWith('/warehouse/');
  return (
    <div className="min-h-screen">
      {/* The top bar holds a dozen links on a desktop: a keyboard user skips them to the screen. */}
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-900 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to the screen
      </a>
      <header className="no-print sticky top-0 z-40 flex flex-wrap items-center gap-2 bg-brand-900 px-3 py-2 text-white shadow sm:flex-nowrap sm:gap-4 sm:px-4">
        <Link to="/dashboard" aria-label="Vaultgrid home">
          <Logo light />
        </Link>
        <nav aria-label="Screens" className="hidden items-center gap-1 lg:flex">
          {topBarLinks
            .filter(({ to }) => mayOpen(to))
            .map(({ to, label }) => (
              <NavLink key={to} to={to} className={topBarLinkClass}>
                {label}
              </NavLink>
            ))}
        </nav>
        <div
          className={`min-w-0 sm:order-none sm:w-auto sm:flex-1 ${onWarehouseRoute ? 'order-last w-full' : ''}`}
        >
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
          className="ml-auto inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg hover:bg-brand-700 sm:ml-0"
        >
          <Menu aria-hidden="true" className="h-6 w-6" />
        </button>
      </header>
      <BackupWarning />
      {/* Room under the content for the phone's bottom bar. */}
      <main
        id="main"
        tabIndex={-1}
        className="pb-[calc(4rem+env(safe-area-inset-bottom))] outline-none lg:pb-0"
      >
        <Outlet />
      </main>
      <BottomBar onMore={() => setMenuOpen(true)} />
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
    </div>
  );
}
