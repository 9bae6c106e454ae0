// An add's, a stage's and a move's messages to the engine's thread, as `bench/write-profile.ts`
// records them (RECORD=file), turned onto a vault of the seeded bench data so that a replay
// writes; an add replayed gets a vault number and an order of its own.
// The recorded vault was added during the recording: it is not in a fresh copy of the seeded
// folder, and its statements replayed there change no row (an UPDATE of 0 rows, triggers over
// empty transition tables), which measured less than a real stage (decision 0114).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pgUtils from 'pg/lib/utils.js';

export interface Statement {
  text: string;
  values: unknown[];
}

export interface RecordedWrites {
  /** The field the recorded move put its vault on. */
  field: number;
  /** Each write's two turns, for the vault at position 1 of `field`, which it holds alone. */
  onto(vaultId: number): Record<'stage' | 'move', [Statement[], Statement[]]>;
  /** The add's two turns, when the recording holds them. */
  add: RecordedAdd | null;
}

/**
 * An add replayed as the bench adds: a vault numbered `name` with a new order of the same
 * name, for the recorded customer, at a place in the recorded field's warehouse. Its second
 * turn needs the new order's id and the vault's id, which the first turn answers.
 */
export interface RecordedAdd {
  reads(name: string, field: number): Statement[];
  /** The new ids, given the first value each statement of the first turn answered. */
  newIds(firstOf: (statement: number) => unknown): { order: number; vault: number };
  writes(
    name: string,
    ids: { order: number; vault: number },
    place: { field: number; position: number },
  ): Statement[];
}

/** A placement's write statement: the update, its history and its answer as one (0108). */
const isWrite = (st: Statement) => /^\s*with\b/i.test(st.text);

export function loadRecordedWrites(file: string): RecordedWrites {
  const recorded = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Statement[][]>;
  const [stage1, stage2] = (recorded.stage ?? []).slice(-2);
  const [move1, move2] = (recorded.move ?? []).slice(-2);
  if (!stage1 || !stage2 || !move1 || !move2) throw new Error(`${file} holds no stage and move.`);
  // The write's values start with the field and position it puts the vault at, then the
  // field it came from, the company and the vault.
  const moveWrite = move2.find(isWrite);
  const stageWrite = stage2.find(isWrite);
  const [field] = moveWrite?.values ?? [];
  const vault = stageWrite?.values[4];
  if (typeof field !== 'number' || typeof vault !== 'number') {
    throw new Error(`${file} was recorded before decision 0108: record it again.`);
  }
  const onto = (turn: Statement[], vaultId: number) =>
    turn.map((st) => {
      const values = st.values.map((v) => (v === vault ? vaultId : v));
      // The field holds only this vault: it goes back to position 1.
      if (isWrite(st) && values[1] !== null) values[1] = 1;
      return { text: st.text, values };
    });
  return {
    field,
    add: recordedAdd(recorded.add),
    onto: (vaultId) => ({
      stage: [onto(stage1, vaultId), onto(stage2, vaultId)],
      move: [onto(move1, vaultId), onto(move2, vaultId)],
    }),
  };
}

// The add's insert values, in the order insertVaultLogged gives them: the new id and number
// twice (the vault, its history), the order, the field and position.
const ADD_ID = [0, 10];
const ADD_NAME = [2, 11];
const ADD_ORDER = 4;
const ADD_FIELD = 6;
const ADD_POSITION = 7;

function recordedAdd(turns: Statement[][] | undefined): RecordedAdd | null {
  const [reads, writes] = turns ?? [];
  if (!reads || !writes) return null;
  const orderAt = reads.findIndex((st) => /insert into "orders"/.test(st.text));
  const idAt = reads.findIndex((st) => /nextval/.test(st.text));
  const order = reads[orderAt]?.values[1];
  const field = writes.find(isWrite)?.values[ADD_FIELD];
  if (orderAt < 0 || idAt < 0 || typeof order !== 'string' || typeof field !== 'number') {
    throw new Error('the recorded add has no new order or vault id: record it again.');
  }
  return {
    newIds: (firstOf) => {
      const ids = { order: Number(firstOf(orderAt)), vault: Number(firstOf(idAt)) };
      if (!ids.order || !ids.vault) throw new Error("the add's first turn answered no new ids");
      return ids;
    },
    // The reads name the field in its lock and in the look-up of its positions.
    reads: (name, to) =>
      reads.map((st) => ({
        text: st.text,
        values: st.values.map((v) => (v === order ? name : v === field ? to : v)),
      })),
    writes: (name, ids, place) =>
      writes.map((st) => ({
        text: st.text,
        values: st.values.map((v, k) => {
          if (!isWrite(st)) return v;
          if (ADD_ID.includes(k)) return ids.vault;
          if (ADD_NAME.includes(k)) return name;
          if (k === ADD_ORDER) return ids.order;
          if (k === ADD_FIELD) return place.field;
          if (k === ADD_POSITION) return place.position;
          return v;
        }),
      })),
  };
}

/** A fresh copy of a seeded folder, for a replay to write into. */
export function copyOfSeeded(folder: string, label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vaultgrid-${label}-`));
  fs.cpSync(folder, dir, { recursive: true });
  return dir;
}

/**
 * PGlite on `dataDir` as the engine's thread starts it (pglite-worker.ts), `extraSql` run
 * first when given, listening as the server does: a commit's notices are then read and
 * handed on.
 */
export async function openAsEngine(dataDir: string, extraSql = ''): Promise<PGlite> {
  const params = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams;
  const pg = new PGlite({
    dataDir,
    startParams: [...params, '-c', 'shared_buffers=16MB'],
    extensions: { pg_trgm },
  });
  await pg.waitReady;
  if (extraSql) await pg.exec(extraSql);
  await pg.listen('vaultgrid_live', () => {});
  await pg.listen('vaultgrid_versions', () => {});
  return pg;
}

/** The vault a replay stages and moves back: the one at position 1 of the recorded field. */
export async function vaultToReplay(pg: PGlite, recorded: RecordedWrites): Promise<number> {
  const { rows } = await pg.query<{ id: number }>(
    'SELECT id FROM vaults WHERE field_id = $1 AND position = 1',
    [recorded.field],
  );
  const vault = rows[0];
  if (!vault) throw new Error('the recorded field holds no vault in the seeded copy');
  return Number(vault.id);
}

/**
 * One turn's bytes as the engine's thread sends them (pglite-worker.ts): Parse for a text not
 * prepared yet (named in `prepared`), Bind, Describe where `describe` asks, Execute, one Sync.
 * Returns the prepared name of each statement beside the bytes.
 */
export function turnMessage(
  statements: Statement[],
  prepared: Map<string, string>,
  describe: (name: string, fresh: boolean) => boolean,
): { bytes: Buffer; names: string[] } {
  const { serialize } = protocol;
  const parts: Uint8Array[] = [];
  const names: string[] = [];
  for (const st of statements) {
    let name = prepared.get(st.text);
    const fresh = name === undefined;
    if (name === undefined) {
      name = `s${prepared.size + 1}`;
      prepared.set(st.text, name);
      parts.push(serialize.parse({ text: st.text, name }));
    }
    names.push(name);
    const values = st.values.map((v) => {
      const text = pgUtils.prepareValue(v) as unknown;
      return text === null || text === undefined ? null : String(text);
    });
    parts.push(serialize.bind({ statement: name, values }));
    if (describe(name, fresh)) parts.push(serialize.describe({ type: 'P' }));
    parts.push(serialize.execute({}));
  }
  parts.push(serialize.sync());
  return { bytes: Buffer.concat(parts), names };
}
