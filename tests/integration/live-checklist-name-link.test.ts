import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Checklist } from '../../src/contracts/checklists';
import type { LiveEvent } from '../../src/contracts/live';
import { makeChecklist, openFillPage } from '../support/checklists-factories';
import { EventStream, type StreamFrame } from '../support/event-stream';
import { makeCompanyWithUser, makeWarehouse, type SignedInStaff } from '../support/factories';
import type { HttpClient } from '../support/http-client';
import { MISSING_ID } from '../support/ids';
import { startTestApp, type TestApp } from '../support/test-app';

// Decision 0030 (amended by 0046): the fill page opened by a warehouse's name has no session;
// its stream is authorised by the fill grant the name call left, and carries that one
// checklist's changes only.
let app: TestApp;
const streams: EventStream[] = [];
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  for (const s of streams) s.close();
  await app?.close();
});

const eventsPath = (id: number) => `/api/checklists/${id}/events`;

async function openStream(id: number, client: HttpClient | null): Promise<EventStream> {
  const cookie = client?.cookieHeader(eventsPath(id)) ?? '';
  const stream = await EventStream.open(
    `${app.baseUrl}${eventsPath(id)}`,
    cookie ? { cookie } : {},
  );
  streams.push(stream);
  return stream;
}

/** What a refused stream answers: status and body, to compare refusals with a missing id's. */
async function refusal(id: number, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.baseUrl}${eventsPath(id)}`, {
    headers: { accept: 'text/event-stream', ...headers },
  });
  if (res.status === 200) {
    // An open stream never ends by itself.
    await res.body?.cancel();
    return [res.status, null];
  }
  return [res.status, (await res.json()) as unknown];
}

const changeOf = (checklist: Checklist) => (frame: StreamFrame) =>
  frame.event === 'change' &&
  (frame.data as LiveEvent).entity === 'checklist' &&
  (frame.data as LiveEvent).id === checklist.id;

async function checklistOf(staff: SignedInStaff): Promise<Checklist> {
  const warehouse = await makeWarehouse(staff);
  return makeChecklist(staff, { warehouse_id: warehouse.id, tasks: ['Sweep', 'Trash'] });
}

describe('the name page’s live stream', () => {
  it('brings staff edits and other fillers’ answers, and nothing of other checklists or companies', async () => {
    const staff = await makeCompanyWithUser(app);
    const checklist = await checklistOf(staff);
    const sibling = await checklistOf(staff);
    const foreignStaff = await makeCompanyWithUser(app);
    const foreign = await checklistOf(foreignStaff);

    const phone = await openFillPage(app, checklist.warehouse_slug);
    const stream = await openStream(checklist.id, phone);
    expect(stream.status).toBe(200);
    await stream.waitFor((f) => f.event === 'ready');

    // Changes to the sibling checklist and to another company's are committed first; the
    // notifications come in commit order, so once ours arrives theirs would have.
    for (const [owner, other] of [
      [staff, sibling],
      [foreignStaff, foreign],
    ] as const) {
      const res = await owner.client.patch(`/api/checklists/${other.id}`, {
        description: 'Not yours',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const edited = await staff.client.patch(`/api/checklists/${checklist.id}`, {
      description: 'Sweep aisle 3 too',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const first = await stream.waitFor(changeOf(checklist));

    // Another phone on the same name page answers a task: the first one hears it.
    const otherPhone = await openFillPage(app, checklist.warehouse_slug);
    const answered = await otherPhone.patch(`/api/checklists/${checklist.id}`, {
      filled_out_by: 'Eve',
      tasks: [
        { text: 'Sweep', completed: true, completed_by: 'Eve', reason: '' },
        { text: 'Trash', completed: false },
      ],
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    await stream.waitFor(changeOf(checklist), { from: stream.frames.indexOf(first) + 1 });

    const changes = stream.frames.filter((f) => f.event === 'change');
    expect(changes).toHaveLength(2);
    expect(changes.map((f) => f.data)).toEqual([
      expect.objectContaining({ company: staff.user.companyId, id: checklist.id }),
      expect.objectContaining({ company: staff.user.companyId, id: checklist.id }),
    ]);
  });

  it('is open to staff of the company without a grant', async () => {
    const staff = await makeCompanyWithUser(app);
    const checklist = await checklistOf(staff);
    const stream = await openStream(checklist.id, staff.client);
    expect(stream.status).toBe(200);
    await stream.waitFor((f) => f.event === 'ready');
    await staff.client.patch(`/api/checklists/${checklist.id}`, { note: 'Checked' });
    await stream.waitFor(changeOf(checklist));
  });

  it('answers everyone else exactly like a missing checklist', async () => {
    const staff = await makeCompanyWithUser(app);
    const checklist = await checklistOf(staff);
    const sibling = await checklistOf(staff);
    const foreignStaff = await makeCompanyWithUser(app);
    const foreign = await checklistOf(foreignStaff);
    const phone = await openFillPage(app, checklist.warehouse_slug);

    const missing = await refusal(MISSING_ID, {
      cookie: phone.cookieHeader(eventsPath(MISSING_ID)),
    });
    expect(missing[0]).toBe(404);
    // A stranger without the grant; a grant for another checklist of the same company or of
    // another company; a made-up grant; another company's staff session.
    expect(await refusal(checklist.id)).toEqual(missing);
    for (const other of [sibling, foreign]) {
      expect(await refusal(other.id, { cookie: phone.cookieHeader(eventsPath(other.id)) })).toEqual(
        missing,
      );
    }
    expect(await refusal(checklist.id, { cookie: `vaultgrid_fill=${'A'.repeat(43)}` })).toEqual(
      missing,
    );
    expect(
      await refusal(checklist.id, {
        cookie: foreignStaff.client.cookieHeader(eventsPath(checklist.id)),
      }),
    ).toEqual(missing);

    // A new link retires the grants, and an inactive checklist is no one's to fill.
    await staff.client.post(`/api/checklists/${checklist.id}/new-link`, {});
    expect(
      await refusal(checklist.id, { cookie: phone.cookieHeader(eventsPath(checklist.id)) }),
    ).toEqual(missing);
    const again = await openFillPage(app, checklist.warehouse_slug);
    expect((await openStream(checklist.id, again)).status).toBe(200);
    await staff.client.patch(`/api/checklists/${checklist.id}`, { is_active: false });
    expect(
      await refusal(checklist.id, { cookie: again.cookieHeader(eventsPath(checklist.id)) }),
    ).toEqual(missing);
  });
});
