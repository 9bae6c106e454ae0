import { MISSING_ID } from '../support/ids';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Checklist, ChecklistImage, PublicChecklist } from '../../src/contracts/checklists';
import { DEFAULT_CHECKLIST_TASKS } from '../../src/domain/checklist-rules';
import { queryRows } from '../../src/server/db/client';
import { makeCompanyWithUser, makeWarehouse, type SignedInStaff } from '../support/factories';
import { TINY_PNG, imageForm, makeChecklist, openFillPage } from '../support/checklists-factories';
import { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

const anonymous = () => new HttpClient(app.baseUrl);
const messageOf = (body: unknown) => (body as { message: string }).message;

async function staffWithWarehouse(
  name?: string,
): Promise<{ staff: SignedInStaff; warehouseId: number; slug: string }> {
  const staff = await makeCompanyWithUser(app);
  const w = await makeWarehouse(staff, name ? { name } : {});
  return { staff, warehouseId: w.id, slug: w.slug };
}

const yes = (text: string) => ({ text, completed: true, completed_by: '', reason: '' });
const no = (text: string, reason: string) => ({ text, completed: true, completed_by: '', reason });
const pending = (text: string) => ({ text, completed: false });

describe('creating checklists', () => {
  it('creates pending tasks, trimming titles and ignoring empty ones', async () => {
    const { staff, warehouseId } = await staffWithWarehouse('Warehouse 1');
    const c = await makeChecklist(staff, {
      warehouse_id: warehouseId,
      description: ' Daily clean ',
      tasks: [...DEFAULT_CHECKLIST_TASKS, '  ', { text: ' Lock the gate ' }],
    });
    expect(c).toMatchObject({
      warehouse_id: warehouseId,
      warehouseName: 'Warehouse 1',
      description: 'Daily clean',
      is_active: true,
      filled_out_by: '',
      note: '',
      images: [],
      short_fill_path: '/warehouse-1-checklist',
    });
    expect(c.fill_path).toMatch(/^\/c\/[A-Za-z0-9_-]{22}$/);
    expect(c.tasks.map((t) => t.text)).toEqual([...DEFAULT_CHECKLIST_TASKS, 'Lock the gate']);
    expect(
      c.tasks.every((t) => !t.completed && t.completed_by === '' && t.completed_at === null),
    ).toBe(true);
  });

  it('refuses task titles equal ignoring case', async () => {
    const { staff, warehouseId } = await staffWithWarehouse();
    const res = await staff.client.post('/api/checklists/', {
      warehouse_id: warehouseId,
      tasks: ['Sweep', ' sweep'],
    });
    expect(res.status).toBe(400);
    expect(messageOf(res.body)).toBe('Task title must be unique within this checklist.');
  });

  it('requires a warehouse of the company', async () => {
    const { staff } = await staffWithWarehouse();
    const missing = await staff.client.post('/api/checklists/', { tasks: ['Sweep'] });
    expect(missing.status).toBe(400);
    expect(messageOf(missing.body)).toBe('Warehouse is required.');
    const other = await staffWithWarehouse();
    const foreign = await staff.client.post('/api/checklists/', {
      warehouse_id: other.warehouseId,
      tasks: [],
    });
    expect(foreign.status).toBe(404);
    expect(messageOf(foreign.body)).toBe('Warehouse not found.');
    expect((await staff.client.post('/api/checklists/', { warehouse_id: MISSING_ID })).status).toBe(
      404,
    );
  });

  it('allows one active checklist per warehouse, on create and on edit', async () => {
    const { staff, warehouseId } = await staffWithWarehouse();
    await makeChecklist(staff, { warehouse_id: warehouseId, tasks: ['Sweep'] });
    const second = await staff.client.post('/api/checklists/', {
      warehouse_id: warehouseId,
      tasks: ['Sweep'],
    });
    expect(second.status).toBe(409);
    expect(messageOf(second.body)).toBe('An active checklist for this warehouse already exists.');

    const inactive = await makeChecklist(staff, {
      warehouse_id: warehouseId,
      tasks: ['Sweep'],
      is_active: false,
    });
    const activate = await staff.client.patch(`/api/checklists/${inactive.id}`, {
      is_active: true,
    });
    expect(activate.status).toBe(409);
    expect(messageOf(activate.body)).toBe('An active checklist for this warehouse already exists.');
  });

  it('needs a session', async () => {
    const { warehouseId } = await staffWithWarehouse();
    expect((await anonymous().post('/api/checklists/', { warehouse_id: warehouseId })).status).toBe(
      401,
    );
    expect((await anonymous().get('/api/checklists/')).status).toBe(401);
  });
});

describe('retention', () => {
  it('keeps at most five per company, deleting the oldest inactive ones with their image files', async () => {
    const staff = await makeCompanyWithUser(app);
    const warehouses = await Promise.all(
      [1, 2, 3].map((n) => makeWarehouse(staff, { name: `Retention ${n}` })),
    );
    const [w1, w2, w3] = warehouses.map((w) => w.id) as [number, number, number];
    const oldest = await makeChecklist(staff, { warehouse_id: w1, tasks: ['a'], is_active: false });
    const upload = await staff.client.request('POST', `/api/checklists/${oldest.id}/upload-image`, {
      form: imageForm(TINY_PNG),
    });
    expect(upload.status).toBe(200);
    const activeOld = await makeChecklist(staff, { warehouse_id: w2, tasks: ['b'] });
    const created: Checklist[] = [];
    for (let i = 0; i < 4; i++)
      created.push(
        await makeChecklist(staff, { warehouse_id: w1, tasks: [`t${i}`], is_active: false }),
      );
    // Seven in total once the last is made: the two oldest inactive ones go, the old active one stays.
    const newest = await makeChecklist(staff, { warehouse_id: w3, tasks: ['c'] });

    const list = (await staff.client.get('/api/checklists/')).body as Checklist[];
    expect(list.map((c) => c.id).sort()).toEqual(
      [activeOld.id, created[1]?.id, created[2]?.id, created[3]?.id, newest.id].sort(),
    );
    expect(list[0]?.id).toBe(newest.id);
    const files = fs
      .readdirSync(app.filesDir, { recursive: true })
      .filter((f) => fs.statSync(path.join(app.filesDir, String(f))).isFile());
    expect(files).toEqual([]);
    const images = await queryRows(
      app.deps.db,
      sql`SELECT count(*)::int AS n FROM checklist_images WHERE checklist_id = ${oldest.id}`,
    );
    expect(images).toEqual([{ n: 0 }]);
  });
});

describe('staff editing and deleting', () => {
  it('edits description, tasks and warehouse, but never a completed task', async () => {
    const { staff, warehouseId, slug } = await staffWithWarehouse();
    const c = await makeChecklist(staff, { warehouse_id: warehouseId, tasks: ['Sweep', 'Trash'] });
    const phone = await openFillPage(app, slug);
    const filled = await phone.patch(`/api/checklists/${c.id}`, {
      filled_out_by: 'Maria',
      tasks: [yes('Sweep'), pending('Trash')],
    });
    expect(filled.status).toBe(200);

    const edit = await staff.client.patch(`/api/checklists/${c.id}`, {
      description: 'Evening',
      tasks: ['Sweep', 'Empty the bins', ''],
    });
    expect(edit.status).toBe(200);
    const edited = edit.body as Checklist;
    expect(edited.description).toBe('Evening');
    expect(edited.tasks.map((t) => [t.text, t.completed, t.completed_by])).toEqual([
      ['Sweep', true, 'Maria'],
      ['Empty the bins', false, ''],
    ]);

    const undo = await staff.client.patch(`/api/checklists/${c.id}`, { tasks: [pending('Sweep')] });
    expect(undo.status).toBe(409);
    expect(messageOf(undo.body)).toBe('Task "Sweep" is already completed and cannot be changed.');
    const drop = await staff.client.patch(`/api/checklists/${c.id}`, { tasks: ['Empty the bins'] });
    expect(drop.status).toBe(409);
    const dup = await staff.client.patch(`/api/checklists/${c.id}`, { tasks: ['Sweep', 'SWEEP'] });
    expect(messageOf(dup.body)).toBe('Task title must be unique within this checklist.');

    const deactivate = await staff.client.patch(`/api/checklists/${c.id}`, { is_active: false });
    expect((deactivate.body as Checklist).is_active).toBe(false);
    expect((await anonymous().get(`/api/checklists/warehouse/${slug}`)).status).toBe(404);
  });

  it("answers another company's checklist like a missing one", async () => {
    const { staff, warehouseId } = await staffWithWarehouse();
    const c = await makeChecklist(staff, {
      warehouse_id: warehouseId,
      tasks: ['Sweep'],
      is_active: false,
    });
    const other = await makeCompanyWithUser(app);
    expect((await other.client.delete(`/api/checklists/${c.id}`)).status).toBe(404);
    expect((await other.client.delete(`/api/checklists/${MISSING_ID}`)).status).toBe(404);
    expect((await other.client.get('/api/checklists/')).body).toEqual([]);
    const foreignEdit = await other.client.patch(`/api/checklists/${c.id}`, {
      filled_out_by: 'X',
      note: 'hi',
    });
    const missingEdit = await other.client.patch(`/api/checklists/${MISSING_ID}`, {
      filled_out_by: 'X',
      note: 'hi',
    });
    expect([foreignEdit.status, messageOf(foreignEdit.body)]).toEqual([
      404,
      'Checklist not found.',
    ]);
    expect([missingEdit.status, messageOf(missingEdit.body)]).toEqual([
      404,
      'Checklist not found.',
    ]);
    expect(
      (await other.client.get(`/api/checklists/public-drive-images?checklistId=${c.id}`)).status,
    ).toBe(404);
  });

  it('deletes a checklist with its image files', async () => {
    const { staff, warehouseId } = await staffWithWarehouse();
    const c = await makeChecklist(staff, { warehouse_id: warehouseId, tasks: ['Sweep'] });
    const up = await staff.client.request('POST', `/api/checklists/${c.id}/upload-image`, {
      form: imageForm(TINY_PNG),
    });
    const image = up.body as ChecklistImage;
    expect((await staff.client.delete(`/api/checklists/${c.id}`)).status).toBe(200);
    expect((await staff.client.get('/api/checklists/')).body).toEqual([]);
    expect((await staff.client.get(image.url)).status).toBe(404);
    expect((await anonymous().delete(`/api/checklists/${c.id}`)).status).toBe(401);
  });
});

describe('the public fill calls', () => {
  it('find the active checklist by warehouse name or slug, signed out, showing nothing of the company', async () => {
    const { staff, warehouseId } = await staffWithWarehouse(`Naglee Main ${Date.now()}`);
    const c = await makeChecklist(staff, { warehouse_id: warehouseId, tasks: ['Sweep'] });
    const w = c.warehouseName;
    for (const path of [
      w.toLowerCase(),
      w.toLowerCase().replace(/ /g, '-'),
      encodeURIComponent(w.toUpperCase()),
    ]) {
      const res = await anonymous().get(
        `/api/checklists/warehouse/${encodeURIComponent(decodeURIComponent(path))}`,
      );
      expect(res.status, path).toBe(200);
      const body = res.body as PublicChecklist & { fill_path?: string };
      expect(body).toMatchObject({ id: c.id, warehouseName: w, tasks: c.tasks });
      expect(body.fill_path).toBeUndefined();
    }
    expect((await anonymous().get('/api/checklists/warehouse/nowhere-at-all')).status).toBe(404);
  });

  it('record Yes and No answers, and refuse short reasons, missing names and changes to completed tasks', async () => {
    const { staff, warehouseId } = await staffWithWarehouse();
    const c = await makeChecklist(staff, {
      warehouse_id: warehouseId,
      tasks: ['Sweep', 'Trash', 'Lock'],
    });
    const filler = await openFillPage(app, c.warehouse_slug);
    const url = `/api/checklists/${c.id}`;

    const noName = await filler.patch(url, {
      filled_out_by: '  ',
      tasks: [yes('Sweep'), pending('Trash'), pending('Lock')],
    });
    expect([noName.status, messageOf(noName.body)]).toEqual([400, 'Name is required.']);
    const short = await filler.patch(url, {
      filled_out_by: 'Maria',
      tasks: [pending('Sweep'), no('Trash', '  too short   '), pending('Lock')],
    });
    expect([short.status, messageOf(short.body)]).toEqual([
      400,
      'Reason must be at least 15 characters.',
    ]);

    const before = Date.now();
    const ok = await filler.patch(url, {
      filled_out_by: 'Maria',
      note: 'All good',
      tasks: [
        { ...yes('Sweep'), completed_by: 'Joe' },
        no('Trash', 'The bins were locked away'),
        pending('Lock'),
      ],
    });
    expect(ok.status).toBe(200);
    const filled = ok.body as PublicChecklist;
    expect(filled).toMatchObject({ filled_out_by: 'Maria', note: 'All good' });
    expect(filled.tasks[0]).toMatchObject({
      text: 'Sweep',
      completed: true,
      completed_by: 'Joe',
      reason: '',
    });
    expect(Date.parse(filled.tasks[0]?.completed_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(filled.tasks[1]).toMatchObject({
      text: 'Trash',
      completed: true,
      completed_by: 'Maria',
      reason: 'The bins were locked away',
    });
    expect(filled.tasks[2]).toMatchObject({ completed: false, completed_at: null });

    const change = await filler.patch(url, {
      filled_out_by: 'Eve',
      tasks: [pending('Sweep'), filled.tasks[1], yes('Lock')],
    });
    expect(change.status).toBe(409);
    expect(messageOf(change.body)).toBe('Task "Sweep" is already completed and cannot be changed.');
    const later = await filler.patch(url, {
      filled_out_by: 'Eve',
      tasks: [filled.tasks[0], filled.tasks[1], yes('Lock')],
    });
    expect(later.status).toBe(200);
    expect((later.body as PublicChecklist).tasks.map((t) => t.completed_by)).toEqual([
      'Joe',
      'Maria',
      'Eve',
    ]);
    expect((later.body as PublicChecklist).tasks[0]?.completed_at).toBe(
      filled.tasks[0]?.completed_at,
    );

    const admin = ((await staff.client.get('/api/checklists/')).body as Checklist[])[0];
    expect(admin?.tasks.map((t) => t.completed)).toEqual([true, true, true]);
  });

  it('take a null reason or name on a task as empty', async () => {
    const { staff, warehouseId } = await staffWithWarehouse();
    const c = await makeChecklist(staff, { warehouse_id: warehouseId, tasks: ['Sweep', 'Lock'] });
    const filler = await openFillPage(app, c.warehouse_slug);
    const res = await filler.patch(`/api/checklists/${c.id}`, {
      filled_out_by: 'Maria',
      tasks: [
        { text: 'Sweep', completed: true, completed_by: null, reason: null },
        { text: 'Lock', completed: false, completed_by: null, reason: null },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as PublicChecklist).tasks).toMatchObject([
      { text: 'Sweep', completed: true, completed_by: 'Maria', reason: '' },
      { text: 'Lock', completed: false, completed_by: '', reason: '' },
    ]);
  });

  it('accept nothing beyond task answers, a name and a note', async () => {
    const { staff, warehouseId } = await staffWithWarehouse();
    const other = await staffWithWarehouse();
    const c = await makeChecklist(staff, { warehouse_id: warehouseId, tasks: ['Sweep'] });
    const url = `/api/checklists/${c.id}`;
    const filler = await openFillPage(app, c.warehouse_slug);
    for (const extra of [
      { description: 'x' },
      { is_active: false },
      { warehouse_id: other.warehouseId },
    ]) {
      const res = await filler.patch(url, { filled_out_by: 'Maria', ...extra });
      expect(res.status).toBe(400);
      expect(messageOf(res.body)).toBe('Only task answers, your name and a note can be sent.');
    }
    const unknownKey = await filler.patch(url, {
      filled_out_by: 'Maria',
      company_id: other.staff.user.companyId,
    });
    expect(unknownKey.status).toBe(400);
    const newTask = await filler.patch(url, {
      filled_out_by: 'Maria',
      tasks: [pending('Sweep'), pending('Dance')],
    });
    expect([newTask.status, messageOf(newTask.body)]).toEqual([
      400,
      'Task "Dance" is not part of this checklist.',
    ]);
    const droppedTask = await filler.patch(url, { filled_out_by: 'Maria', tasks: [] });
    expect(droppedTask.status).toBe(400);
    // Another company's staff is only a filler here.
    expect(
      (await other.staff.client.patch(url, { filled_out_by: 'X', description: 'mine now' })).status,
    ).toBe(400);
    expect(((await staff.client.get('/api/checklists/')).body as Checklist[])[0]?.description).toBe(
      '',
    );
  });

  it('reach no inactive checklist, even from a phone that opened it while it was active', async () => {
    const { staff, warehouseId } = await staffWithWarehouse();
    const c = await makeChecklist(staff, { warehouse_id: warehouseId, tasks: ['Sweep'] });
    const up = await staff.client.request('POST', `/api/checklists/${c.id}/upload-image`, {
      form: imageForm(TINY_PNG),
    });
    const image = up.body as ChecklistImage;
    const phone = await openFillPage(app, c.warehouse_slug);
    expect((await phone.get(image.url)).status).toBe(200);
    await staff.client.patch(`/api/checklists/${c.id}`, { is_active: false });

    const patch = await phone.patch(`/api/checklists/${c.id}`, {
      filled_out_by: 'Maria',
      tasks: [yes('Sweep')],
    });
    expect(patch.status).toBe(404);
    expect(
      (
        await phone.request('POST', `/api/checklists/${c.id}/upload-image`, {
          form: imageForm(TINY_PNG),
        })
      ).status,
    ).toBe(404);
    expect(
      (await phone.get(`/api/checklists/public-drive-images?checklistId=${c.id}`)).status,
    ).toBe(404);
    expect((await phone.get(image.url)).status).toBe(404);
    // Its own staff still see it.
    expect((await staff.client.get(image.url)).status).toBe(200);
  });
});

describe('checklist images', () => {
  it('accept a real image from a filler and serve it from our storage', async () => {
    const { staff, warehouseId } = await staffWithWarehouse();
    const c = await makeChecklist(staff, { warehouse_id: warehouseId, tasks: ['Sweep'] });
    const filler = await openFillPage(app, c.warehouse_slug);
    const res = await filler.request('POST', `/api/checklists/${c.id}/upload-image`, {
      form: imageForm(TINY_PNG, 'IMG_0001.png'),
    });
    expect(res.status).toBe(200);
    const image = res.body as ChecklistImage;
    expect(image).toMatchObject({
      file_name: 'IMG_0001.png',
      file_url: `/api/checklists/proxy-drive-image/${image.id}`,
    });
    expect(image.url).toBe(image.file_url);

    const list = await filler.get(`/api/checklists/public-drive-images?checklistId=${c.id}`);
    expect(list.body).toEqual([image]);
    const served = await fetch(`${app.baseUrl}${image.url}`, {
      headers: { cookie: filler.cookieHeader(image.url) },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    const byWarehouse = (await filler.get(`/api/checklists/warehouse/${c.warehouse_slug}`))
      .body as PublicChecklist;
    expect(byWarehouse.images).toEqual([image]);
  });

  it('refuse what is not an image, whatever its name says, and files over 5 MB', async () => {
    const { staff, warehouseId } = await staffWithWarehouse();
    const c = await makeChecklist(staff, { warehouse_id: warehouseId, tasks: ['Sweep'] });
    const url = `/api/checklists/${c.id}/upload-image`;
    const filler = await openFillPage(app, c.warehouse_slug);
    const html = await filler.request('POST', url, {
      form: imageForm(Buffer.from('<html><script>alert(1)</script>'), 'x.png'),
    });
    expect(html.status).toBe(415);
    expect(messageOf(html.body)).toBe(
      'Only images can be uploaded (JPEG, PNG, GIF, WebP or HEIC).',
    );
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await filler.request('POST', url, { form: imageForm(big) });
    expect(tooBig.status).toBe(413);
    expect(messageOf(tooBig.body)).toBe('File size should not exceed 5MB');
    const wrongField = await filler.request('POST', url, {
      form: imageForm(TINY_PNG, 'a.png', 'image/png', 'file'),
    });
    expect(wrongField.status).toBe(400);
    const notMultipart = await filler.post(url, { image: 'x' });
    expect(notMultipart.status).toBe(400);
    expect(
      (
        await filler.request('POST', `/api/checklists/${MISSING_ID}/upload-image`, {
          form: imageForm(TINY_PNG),
        })
      ).status,
    ).toBe(404);
    expect((await filler.get(`/api/checklists/proxy-drive-image/${MISSING_ID}`)).status).toBe(404);
    expect((await filler.get('/api/checklists/proxy-drive-image/not-an-id')).status).toBe(400);
    expect(((await staff.client.get('/api/checklists/')).body as Checklist[])[0]?.images).toEqual(
      [],
    );
  });
});
