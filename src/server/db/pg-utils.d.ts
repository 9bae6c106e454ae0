// node-postgres's own parameter conversion; public in practice (pg-pool and drivers use it)
// but missing from @types/pg.
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): unknown };
  export default utils;
}
