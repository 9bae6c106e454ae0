import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface NotFoundProps {
  title: string;
  children: ReactNode;
}

/** A screen whose thing does not exist: says so, and always offers the way back to the list. */
export function NotFound({ title, children }: NotFoundProps) {
  return (
    <div className="p-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
      <Link
        to="/dashboard"
        className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900"
      >
        Back to the warehouses
      </Link>
    </div>
  );
}
