import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Checklist, ChecklistImage, PublicChecklist } from '../../src/contracts/checklists';
import { MAX_IMAGES_PER_CHECKLIST_PER_DAY } from '../../src/server/features/checklists/checklist-images.service';
import { makeCompanyWithUser, makeWarehouse, type SignedInStaff } from '../support/factories';
import { TINY_PNG, imageForm, makeChecklist, openFillPage } from '../support/checklists-factories';
import { HttpClient } from '../support/http-client';
import { MISSING_ID } from '../support/ids';
import { startTestApp, type TestApp } from '../support/test-app';

// Decision 0015: printed links carry a random token; the spec's name links say nothing and
// can be turned off; a filler cannot rewrite a finished list. Its own server, because the
// public calls are rate-limited per address.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

const anonymous = () => new HttpClient(app.baseUrl);
const messageOf = (body: unknown) => (body as { message: string }).message;
const tokenOf = (c: Checklist) => c.fill_path.replace(/^\/c\//, '');
const yes = (text: string) => ({ text, completed: true, completed_by: '', reason: '' });
const pending = (text: string) => ({ text, completed: false });

async function activeChecklist(
  warehouseName?: string,
): Promise<{ staff: SignedInStaff; checklist: Checklist }> {
  const staff = await makeCompanyWithUser(app);
  const warehouse = await makeWarehouse(staff, warehouseName ? { name: warehouseName } : {});
  const checklist = await makeChecklist(staff, {
    warehouse_id: warehouse.id,
    tasks: ['Sweep', 'Trash'],
  });
  return { staff, checklist };
}

describe('token links', () => {
  it('open, fill and take images of the active checklist, signed out, and show nothing else', async () => {
    const { staff, checklist } = await activeChecklist();
    expect(checklist.fill_path).toMatch(/^\/c\/[A-Za-z0-9_-]{22}$/);
    const token = tokenOf(checklist);
    const url = `/api/checklists/t/${token}`;

    const read = await anonymous().get(url);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      warehouseName: checklist.warehouseName,
      tasks: checklist.tasks,
    });
    // Only the list to fill: no checklist or warehouse ids, nothing of the company.
    expect(Object.keys(read.body as object).sort()).toEqual(
      [
        'attachments',
        'created_at',
        'description',
        'filled_out_by',
        'images',
        'is_active',
        'note',
        'tasks',
        'warehouseName',
      ].sort(),
    );

    const filled = await anonymous().patch(url, {
      filled_out_by: 'Maria',
      note: 'Gate was open',
      tasks: [yes('Sweep'), pending('Trash')],
    });
    expect(filled.status).toBe(200);
    expect(filled.body).toMatchObject({ filled_out_by: 'Maria', note: 'Gate was open' });

    const upload = await anonymous().request('POST', `${url}/upload-image`, {
      form: imageForm(TINY_PNG),
    });
    expect(upload.status).toBe(200);
    const image = upload.body as ChecklistImage;
    expect(image.url).toBe(`/api/checklists/t/${token}/images/${image.id}`);
    const served = await fetch(`${app.baseUrl}${image.url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    expect(((await anonymous().get(url)).body as PublicChecklist).images).toEqual([image]);

    // Staff see the same answers on their screen.
    const list = (await staff.client.get('/api/checklists/')).body as Checklist[];
    expect(list[0]?.tasks[0]).toMatchObject({ completed: true, completed_by: 'Maria' });
  });

  it('reach nothing with an unknown, malformed or inactive token', async () => {
    const { staff, checklist } = await activeChecklist();
    expect((await anonymous().get('/api/checklists/t/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await anonymous().get('/api/checklists/t/short')).status).toBe(400);
    await staff.client.patch(`/api/checklists/${checklist.id}`, { is_active: false });
    const url = `/api/checklists/t/${tokenOf(checklist)}`;
    expect((await anonymous().get(url)).status).toBe(404);
    expect(
      (await anonymous().patch(url, { filled_out_by: 'Maria', tasks: [yes('Sweep')] })).status,
    ).toBe(404);
  });

  it('let a filler change neither description nor warehouse', async () => {
    const { staff, checklist } = await activeChecklist();
    const url = `/api/checklists/t/${tokenOf(checklist)}`;
    for (const extra of [
      { description: 'mine' },
      { warehouse_id: MISSING_ID },
      { is_active: false },
    ]) {
      const res = await anonymous().patch(url, { filled_out_by: 'Maria', ...extra });
      expect(res.status).toBe(400);
    }
    const list = (await staff.client.get('/api/checklists/')).body as Checklist[];
    expect(list[0]).toMatchObject({ description: '', is_active: true, filled_out_by: '' });
  });

  it('can be renewed by staff, and the old link stops working', async () => {
    const { staff, checklist } = await activeChecklist();
    const stranger = await makeCompanyWithUser(app);
    expect(
      (await stranger.client.post(`/api/checklists/${checklist.id}/new-link`, {})).status,
    ).toBe(404);
    expect((await anonymous().post(`/api/checklists/${checklist.id}/new-link`, {})).status).toBe(
      401,
    );

    const renewed = await staff.client.post(`/api/checklists/${checklist.id}/new-link`, {});
    expect(renewed.status).toBe(200);
    const fresh = renewed.body as Checklist;
    expect(fresh.id).toBe(checklist.id);
    expect(fresh.fill_path).not.toBe(checklist.fill_path);
    expect((await anonymous().get(`/api/checklists/t/${tokenOf(checklist)}`)).status).toBe(404);
    expect((await anonymous().get(`/api/checklists/t/${tokenOf(fresh)}`)).status).toBe(200);
  });
});

describe('the name route', () => {
  it('answers a missing warehouse, one without an active checklist and a name two companies share alike', async () => {
    const shared = `Shared ${Date.now()}`;
    const first = await activeChecklist(shared);
    await activeChecklist(shared);
    const lonely = await makeCompanyWithUser(app);
    const idle = await makeWarehouse(lonely, { name: `Idle ${Date.now()}` });

    const answers = await Promise.all(
      ['nowhere-at-all', idle.slug, first.checklist.warehouse_slug].map(async (name) => {
        const res = await anonymous().get(`/api/checklists/warehouse/${name}`);
        return { status: res.status, body: res.body };
      }),
    );
    expect(answers[0]?.status).toBe(404);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(JSON.stringify(answers[2])).not.toMatch(/compan/i);

    // Signed in, the own company's warehouse is still found.
    const own = await first.staff.client.get(
      `/api/checklists/warehouse/${first.checklist.warehouse_slug}`,
    );
    expect((own.body as PublicChecklist).id).toBe(first.checklist.id);
  });

  it('can be turned off by a company: name, id and image calls then answer as not found, and the token link still works', async () => {
    const { staff, checklist } = await activeChecklist(`Closed ${Date.now()}`);
    const image = (
      await staff.client.request('POST', `/api/checklists/${checklist.id}/upload-image`, {
        form: imageForm(TINY_PNG),
      })
    ).body as ChecklistImage;
    expect((await staff.client.get('/api/checklists/settings')).body).toEqual({ name_links: true });
    expect(
      (await anonymous().get(`/api/checklists/warehouse/${checklist.warehouse_slug}`)).status,
    ).toBe(200);

    const off = await staff.client.patch('/api/checklists/settings', { name_links: false });
    expect([off.status, off.body]).toEqual([200, { name_links: false }]);

    const missing = await anonymous().get('/api/checklists/warehouse/nowhere-at-all');
    const byName = await anonymous().get(`/api/checklists/warehouse/${checklist.warehouse_slug}`);
    expect([byName.status, byName.body]).toEqual([missing.status, missing.body]);
    const byId = await anonymous().patch(`/api/checklists/${checklist.id}`, {
      filled_out_by: 'Eve',
      tasks: [yes('Sweep'), pending('Trash')],
    });
    expect([byId.status, messageOf(byId.body)]).toEqual([404, 'Checklist not found.']);
    expect(
      (await anonymous().get(`/api/checklists/public-drive-images?checklistId=${checklist.id}`))
        .status,
    ).toBe(404);
    expect(
      (
        await anonymous().request('POST', `/api/checklists/${checklist.id}/upload-image`, {
          form: imageForm(TINY_PNG),
        })
      ).status,
    ).toBe(404);
    expect((await anonymous().get(image.url)).status).toBe(404);
    // Staff keep every call, and the printed link keeps working.
    expect((await staff.client.get(image.url)).status).toBe(200);
    const token = await anonymous().get(`/api/checklists/t/${tokenOf(checklist)}`);
    expect(token.status).toBe(200);
    const tokenImage = (token.body as PublicChecklist).images[0];
    expect((await anonymous().get(tokenImage?.url ?? '')).status).toBe(200);

    expect(
      (await staff.client.patch('/api/checklists/settings', { name_links: 'no' })).status,
    ).toBe(400);
    expect((await anonymous().patch('/api/checklists/settings', { name_links: true })).status).toBe(
      401,
    );
    await staff.client.patch('/api/checklists/settings', { name_links: true });
    expect(
      (await anonymous().get(`/api/checklists/warehouse/${checklist.warehouse_slug}`)).status,
    ).toBe(200);
  });
});

describe('fill grants', () => {
  const answer = { filled_out_by: 'Eve', tasks: [yes('Sweep'), pending('Trash')] };

  /** What each by-id call of a phone answers: status and body (image bytes as their length). */
  async function byIdAnswers(phone: HttpClient, checklistId: number, imageId: number) {
    const calls = [
      () => phone.patch(`/api/checklists/${checklistId}`, answer),
      () =>
        phone.request('POST', `/api/checklists/${checklistId}/upload-image`, {
          form: imageForm(TINY_PNG),
        }),
      () => phone.get(`/api/checklists/public-drive-images?checklistId=${checklistId}`),
      () => phone.get(`/api/checklists/proxy-drive-image/${imageId}`),
    ];
    const answers = [];
    for (const call of calls) {
      const res = await call();
      answers.push([res.status, typeof res.body === 'string' ? res.body.length : res.body]);
    }
    return answers;
  }

  async function activeChecklistWithImage(warehouseName?: string) {
    const made = await activeChecklist(warehouseName);
    const upload = await made.staff.client.request(
      'POST',
      `/api/checklists/${made.checklist.id}/upload-image`,
      { form: imageForm(TINY_PNG) },
    );
    expect(upload.status).toBe(200);
    return { ...made, image: upload.body as ChecklistImage };
  }

  const expectNotFoundAlike = async (phone: HttpClient, checklistId: number, imageId: number) =>
    expect(await byIdAnswers(phone, checklistId, imageId)).toEqual(
      await byIdAnswers(anonymous(), MISSING_ID, MISSING_ID),
    );

  it('are needed by a stranger for every by-id call, which otherwise answers like a missing id', async () => {
    const { staff, checklist, image } = await activeChecklistWithImage();
    const missing = await byIdAnswers(anonymous(), MISSING_ID, MISSING_ID);
    expect(missing.map(([status]) => status)).toEqual([404, 404, 404, 404]);
    await expectNotFoundAlike(anonymous(), checklist.id, image.id);
    // Nor does a made-up grant, or another company's staff session, open it.
    const forger = anonymous();
    const forged = { cookie: `vaultgrid_fill=${'A'.repeat(43)}` };
    const res = await forger.request('PATCH', `/api/checklists/${checklist.id}`, {
      json: answer,
      headers: forged,
    });
    expect([res.status, res.body]).toEqual(missing[0]);
    await expectNotFoundAlike((await makeCompanyWithUser(app)).client, checklist.id, image.id);

    const list = (await staff.client.get('/api/checklists/')).body as Checklist[];
    expect(list[0]).toMatchObject({ filled_out_by: '', images: [image] });
  });

  it('come with the name page and let that phone fill, upload and see images by id', async () => {
    const { staff, checklist, image } = await activeChecklistWithImage();
    const page = await anonymous().get(`/api/checklists/warehouse/${checklist.warehouse_slug}`);
    const cookie = page.headers.getSetCookie().find((c) => c.startsWith('vaultgrid_fill='));
    expect(cookie).toMatch(/^vaultgrid_fill=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('Path=/api/checklists');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain(`Max-Age=${12 * 60 * 60}`);
    // Plain http here, so not Secure (the session cookie's rule); never the link's token.
    expect(cookie).not.toContain('Secure');
    expect(cookie).not.toContain(tokenOf(checklist));

    const phone = await openFillPage(app, checklist.warehouse_slug);
    const filled = await phone.patch(`/api/checklists/${checklist.id}`, answer);
    expect(filled.status).toBe(200);
    expect(filled.body).toMatchObject({ id: checklist.id, filled_out_by: 'Eve' });
    const upload = await phone.request('POST', `/api/checklists/${checklist.id}/upload-image`, {
      form: imageForm(TINY_PNG),
    });
    expect(upload.status).toBe(200);
    const added = upload.body as ChecklistImage;
    const listed = await phone.get(
      `/api/checklists/public-drive-images?checklistId=${checklist.id}`,
    );
    expect(listed.body).toEqual([image, added]);
    for (const url of [image.url, added.url]) {
      const served = await fetch(`${app.baseUrl}${url}`, {
        headers: { cookie: phone.cookieHeader(url) },
      });
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    }
    const list = (await staff.client.get('/api/checklists/')).body as Checklist[];
    expect(list[0]?.tasks[0]).toMatchObject({ completed: true, completed_by: 'Eve' });

    // Staff opening their own name page get no grant: they need none.
    const own = await staff.client.get(`/api/checklists/warehouse/${checklist.warehouse_slug}`);
    expect(own.status).toBe(200);
    expect(own.headers.getSetCookie().filter((c) => c.startsWith('vaultgrid_fill='))).toEqual([]);
  });

  it("open only the checklist whose name page was opened, not another warehouse's or company's", async () => {
    const first = await activeChecklistWithImage();
    const sibling = await makeWarehouse(first.staff);
    const siblingChecklist = await makeChecklist(first.staff, {
      warehouse_id: sibling.id,
      tasks: ['Sweep', 'Trash'],
    });
    const foreign = await activeChecklistWithImage();

    const phone = await openFillPage(app, first.checklist.warehouse_slug);
    await expectNotFoundAlike(phone, foreign.checklist.id, foreign.image.id);
    await expectNotFoundAlike(phone, siblingChecklist.id, foreign.image.id);
    expect((await phone.patch(`/api/checklists/${first.checklist.id}`, answer)).status).toBe(200);
    // Another company's staff who opened the name page are fillers there, like anyone.
    const visitor = await makeCompanyWithUser(app);
    await expectNotFoundAlike(visitor.client, first.checklist.id, first.image.id);
    expect(
      (await visitor.client.get(`/api/checklists/warehouse/${first.checklist.warehouse_slug}`))
        .status,
    ).toBe(200);
    expect(
      (
        await visitor.client.patch(`/api/checklists/${first.checklist.id}`, {
          filled_out_by: 'Visitor',
        })
      ).status,
    ).toBe(200);
  });

  it('keep the five name pages opened last, each once', async () => {
    const staff = await makeCompanyWithUser(app);
    const checklists = [];
    for (let i = 0; i < 6; i++) {
      const warehouse = await makeWarehouse(staff);
      checklists.push(await makeChecklist(staff, { warehouse_id: warehouse.id, tasks: ['Sweep'] }));
    }
    const phone = anonymous();
    const open = async (c: Checklist | undefined) =>
      expect((await phone.get(`/api/checklists/warehouse/${c?.warehouse_slug}`)).status).toBe(200);
    const canFill = async (c: Checklist | undefined) =>
      (await phone.patch(`/api/checklists/${c?.id}`, { filled_out_by: 'Eve' })).status === 200;

    const [a, b, c, d, e, f] = checklists;
    for (const page of [a, b, b, c, d, e]) await open(page);
    expect(await Promise.all([a, b, c, d, e].map(canFill))).toEqual([true, true, true, true, true]);
    await open(f);
    expect(await Promise.all(checklists.map(canFill))).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it('stop working when staff make a new link, and while name links are off', async () => {
    const { staff, checklist, image } = await activeChecklistWithImage(`Granted ${Date.now()}`);
    const phone = await openFillPage(app, checklist.warehouse_slug);
    expect((await phone.get(image.url)).status).toBe(200);

    expect((await staff.client.post(`/api/checklists/${checklist.id}/new-link`, {})).status).toBe(
      200,
    );
    await expectNotFoundAlike(phone, checklist.id, image.id);
    // Opening the name page again grants the checklist anew.
    const again = await phone.get(`/api/checklists/warehouse/${checklist.warehouse_slug}`);
    expect(again.status).toBe(200);
    expect((await phone.patch(`/api/checklists/${checklist.id}`, answer)).status).toBe(200);

    await staff.client.patch('/api/checklists/settings', { name_links: false });
    await expectNotFoundAlike(phone, checklist.id, image.id);
    await staff.client.patch('/api/checklists/settings', { name_links: true });
    expect((await phone.get(image.url)).status).toBe(200);

    await staff.client.patch(`/api/checklists/${checklist.id}`, { is_active: false });
    await expectNotFoundAlike(phone, checklist.id, image.id);
  });

  it('are not needed by staff of the company', async () => {
    const { staff, checklist, image } = await activeChecklistWithImage();
    const edit = await staff.client.patch(`/api/checklists/${checklist.id}`, {
      description: 'Evening round',
      filled_out_by: 'Office',
      tasks: [yes('Sweep'), pending('Trash')],
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ description: 'Evening round', filled_out_by: 'Office' });
    const images = await staff.client.get(
      `/api/checklists/public-drive-images?checklistId=${checklist.id}`,
    );
    expect(images.body).toEqual([image]);
    expect((await staff.client.get(image.url)).status).toBe(200);
  });
});

describe('a finished checklist', () => {
  it('keeps its name and note: a stranger cannot overwrite them by id or by link', async () => {
    const { staff, checklist } = await activeChecklist();
    const byId = `/api/checklists/${checklist.id}`;
    const phone = await openFillPage(app, checklist.warehouse_slug);
    const done = await phone.patch(byId, {
      filled_out_by: 'Maria',
      note: 'All fine',
      tasks: [yes('Sweep'), yes('Trash')],
    });
    expect(done.status).toBe(200);
    const finished = done.body as PublicChecklist;

    for (const url of [byId, `/api/checklists/t/${tokenOf(checklist)}`]) {
      const rename = await phone.patch(url, {
        filled_out_by: 'Vandal',
        tasks: finished.tasks,
      });
      expect([rename.status, messageOf(rename.body)]).toEqual([
        409,
        'This checklist is complete: its name and note can no longer be changed.',
      ]);
      const renote = await phone.patch(url, { filled_out_by: 'Maria', note: 'lol' });
      expect(renote.status).toBe(409);
      // Sending the same back changes nothing and is accepted.
      const echo = await phone.patch(url, { filled_out_by: 'Maria', note: 'All fine' });
      expect(echo.status).toBe(200);
    }
    const list = (await staff.client.get('/api/checklists/')).body as Checklist[];
    expect(list[0]).toMatchObject({ filled_out_by: 'Maria', note: 'All fine' });
    // Staff still may correct it.
    const staffEdit = await staff.client.patch(byId, { note: 'Checked by office' });
    expect((staffEdit.body as Checklist).note).toBe('Checked by office');
  });
});

describe('checklist image uploads', () => {
  it(`take at most ${MAX_IMAGES_PER_CHECKLIST_PER_DAY} in 24 hours per checklist, counted in the database`, async () => {
    const { staff, checklist } = await activeChecklist();
    const fill = async (hoursAgo: number) =>
      app.deps.db.execute(sql`
        INSERT INTO checklist_images (company_id, checklist_id, file_name, storage_key, content_type, size_bytes, created_at)
        SELECT company_id, id, 'old.png', 'no-such-file', 'image/png', 1, now() - make_interval(hours => ${hoursAgo})
        FROM checklists, generate_series(1, ${MAX_IMAGES_PER_CHECKLIST_PER_DAY - 1})
        WHERE id = ${checklist.id}`);
    await fill(1);
    const url = `/api/checklists/t/${tokenOf(checklist)}/upload-image`;
    expect((await anonymous().request('POST', url, { form: imageForm(TINY_PNG) })).status).toBe(
      200,
    );
    const refused = await anonymous().request('POST', url, { form: imageForm(TINY_PNG) });
    expect(refused.status).toBe(429);
    expect(messageOf(refused.body)).toBe(
      `This checklist took ${MAX_IMAGES_PER_CHECKLIST_PER_DAY} images in the last 24 hours. Please add more tomorrow.`,
    );
    const byStaff = await staff.client.request(
      'POST',
      `/api/checklists/${checklist.id}/upload-image`,
      {
        form: imageForm(TINY_PNG),
      },
    );
    expect(byStaff.status).toBe(429);

    // A day later the uploads count no more.
    await app.deps.db.execute(
      sql`UPDATE checklist_images SET created_at = now() - interval '25 hours' WHERE checklist_id = ${checklist.id}`,
    );
    expect((await anonymous().request('POST', url, { form: imageForm(TINY_PNG) })).status).toBe(
      200,
    );
  });
});
