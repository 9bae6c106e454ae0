import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate';
import { migrations } from '../../src/server/db/migrations/index';
import { freshDatabase } from '../support/fresh-database';

describe('migration 0004-checklist-tokens', () => {
  it('gives every existing checklist its own random token and keeps name links on', async () => {
    const { session, close } = await freshDatabase();
    try {
      const upTo = migrations.findIndex((m) => m.name === '0004-checklist-tokens');
      await migrate(session, migrations.slice(0, upTo));
      const [company] = await session.query(
        `INSERT INTO companies (name, slug) VALUES ('Old Co', 'old-co') RETURNING id`,
      );
      const [warehouse] = await session.query(
        `INSERT INTO warehouses (company_id, name, slug, rows, cols, length, width)
         VALUES ($1, 'Old', 'old', 1, 1, 10, 10) RETURNING id`,
        [company?.id],
      );
      for (let i = 0; i < 3; i++)
        await session.query(
          `INSERT INTO checklists (company_id, warehouse_id, is_active) VALUES ($1, $2, false)`,
          [company?.id, warehouse?.id],
        );

      await migrate(session);
      const tokens = await session.query('SELECT fill_token FROM checklists');
      const values = tokens.map((t) => String(t.fill_token));
      expect(values).toHaveLength(3);
      for (const token of values) expect(token).toMatch(/^[0-9a-f]{32}$/);
      expect(new Set(values).size).toBe(3);
      const [setting] = await session.query('SELECT checklist_name_links FROM companies');
      expect(setting).toEqual({ checklist_name_links: true });
      await expect(
        session.query(`UPDATE checklists SET fill_token = $1`, [values[0]]),
      ).rejects.toThrow();
    } finally {
      await close();
    }
  });
});
