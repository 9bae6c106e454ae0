export function Logo({ light = false }: { light?: boolean }) {
  return (
    <span
      className={`inline-flex items-center gap-2 text-xl font-bold ${light ? 'text-white' : 'text-brand-900'}`}
    >
      <img src="/favicon.svg" alt="" className="h-8 w-8" />
      Vaultgrid
    </span>
  );
}
