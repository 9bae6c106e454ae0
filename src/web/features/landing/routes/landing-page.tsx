import { Link } from 'react-router';
import { Logo } from '../../../components/logo';

const blurbs = [
  {
    title: 'Real-time inventory',
    text: 'Every vault, liftvan and pallet in its field or on its shelf, the moment it is placed.',
  },
  {
    title: 'Fast interface',
    text: 'Find the Johnson vaults in seconds, on a tablet in the aisle or at the office desk.',
  },
  {
    title: 'Collaboration',
    text: 'Office and warehouse crews work on the same map, and daily checklists need no account.',
  },
];

export function LandingPage() {
  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-900 to-brand-700 text-white">
      <header className="mx-auto flex max-w-6xl items-center justify-between p-6">
        <Logo light />
        <Link
          to="/login"
          className="rounded-lg bg-amber-400 px-5 py-3 font-semibold text-slate-900 hover:bg-amber-300"
        >
          Log In
        </Link>
      </header>
      <main className="mx-auto max-w-6xl px-6 pb-16 pt-10">
        <h1 className="max-w-3xl text-4xl font-bold sm:text-5xl">
          Your storage warehouse, field by field.
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-blue-100">
          Vaultgrid maps vault grids and pallet racks for moving and storage companies: place, find,
          stage and move every unit, print lists, and keep the daily checklist.
        </p>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {blurbs.map((b) => (
            <section key={b.title} className="rounded-2xl bg-white/10 p-6">
              <h2 className="text-xl font-semibold">{b.title}</h2>
              <p className="mt-2 text-blue-100">{b.text}</p>
            </section>
          ))}
        </div>
      </main>
    </div>
  );
}
