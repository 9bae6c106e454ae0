import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate';
import { migrations } from '../../src/server/db/migrations/index';
import { freshDatabase } from '../support/fresh-database';

describe('migration 0019-customer-records', () => {
  it('dates every vault in by the day it was made, and starts each customer with their first vault', async () => {
    const { session, close } = await freshDatabase();
    try {
      const upTo = migrations.findIndex((m) => m.name === '0019-customer-records');
      await migrate(session, migrations.slice(0, upTo));
      const [company] = await session.query(
        `INSERT INTO companies (name, slug) VALUES ('Old Co', 'old-co') RETURNING id`,
      );
      const customer = async (name: string) =>
        (
          await session.query(
            `INSERT INTO customers (company_id, name) VALUES ($1, $2) RETURNING id`,
            [company?.id, name],
          )
        )[0]?.id;
      const alpha = await customer('ALPHA');
      await customer('BETA');
      for (const [name, at] of [
        ['1', '2026-03-05 10:00:00+00'],
        ['2', '2026-02-10 10:00:00+00'],
      ] as const) {
        await session.query(
          `INSERT INTO vaults (company_id, name, customer_id, created_at) VALUES ($1, $2, $3, $4)`,
          [company?.id, name, alpha, at],
        );
      }

      await migrate(session);
      expect(
        await session.query(
          `SELECT name, to_char(date_in, 'YYYY-MM-DD') AS date_in FROM vaults ORDER BY name`,
        ),
      ).toEqual([
        { name: '1', date_in: '2026-03-05' },
        { name: '2', date_in: '2026-02-10' },
      ]);
      const [today] = await session.query(`SELECT to_char(CURRENT_DATE, 'YYYY-MM-DD') AS d`);
      expect(
        await session.query(
          `SELECT name, account_type, authorised_days, conversion_date, phone,
                  to_char(storage_start, 'YYYY-MM-DD') AS storage_start
           FROM customers ORDER BY name`,
        ),
      ).toEqual([
        {
          name: 'ALPHA',
          account_type: 'permanent',
          authorised_days: 90,
          conversion_date: null,
          phone: '',
          storage_start: '2026-02-10',
        },
        {
          name: 'BETA',
          account_type: 'permanent',
          authorised_days: 90,
          conversion_date: null,
          phone: '',
          storage_start: today?.d,
        },
      ]);
      const [setting] = await session.query('SELECT report_counts_staged FROM companies');
      expect(setting).toEqual({ report_counts_staged: true });
    } finally {
      await close();
    }
  });
});
