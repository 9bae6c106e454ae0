import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { databaseRateLimitStore } from '../../lib/rate-limit-store';
import * as contract from '../../../contracts/checklists';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';
import * as images from './checklist-images.service';
import * as service from './checklists.service';
import { readFillGrants, setFillGrantCookie } from './fill-grant';

/** Per address and minute, for the calls anyone can make: a crew behind one router shares it. */
export const PUBLIC_CALLS_PER_MINUTE = 300;
const PUBLIC_UPLOADS_PER_MINUTE = 30;

export async function registerChecklistRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerEndpoint(app, contract.listChecklists, ({ user }) =>
    service.listChecklists(deps.db, user),
  );
  registerEndpoint(app, contract.createChecklist, ({ user, body }) =>
    service.createChecklist(deps.db, deps.storage, user, body),
  );
  registerEndpoint(app, contract.deleteChecklist, async ({ user, params }) => {
    await service.deleteChecklist(deps.db, deps.storage, user, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, contract.renewChecklistLink, ({ user, params }) =>
    service.renewChecklistLink(deps.db, user, params.id),
  );
  registerEndpoint(app, contract.getChecklistSettings, ({ user }) =>
    service.getChecklistSettings(deps.db, user),
  );
  registerEndpoint(app, contract.updateChecklistSettings, ({ user, body }) =>
    service.updateChecklistSettings(deps.db, user, body),
  );

  // The calls open to fillers without a session live in their own scope, rate-limited by address.
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: true,
      max: PUBLIC_CALLS_PER_MINUTE,
      timeWindow: '1 minute',
      // Counted in the database, so every instance spends one budget (decision 0032).
      store: databaseRateLimitStore(deps.db, 'checklists'),
      errorResponseBuilder: () =>
        new AppError(
          'RATE_LIMITED',
          'Too many requests from this address. Please wait a minute and try again.',
        ),
    });

    registerEndpoint(
      scope,
      contract.getActiveChecklistByWarehouse,
      async ({ user, params, request, reply }) => {
        const found = await service.getActiveChecklistByWarehouse(
          deps.db,
          user,
          params.warehouseName,
        );
        if (found.fillGrant) setFillGrantCookie(request, reply, deps, found.fillGrant);
        return found.checklist;
      },
    );
    registerEndpoint(scope, contract.getChecklistByToken, ({ params }) =>
      service.getChecklistByToken(deps.db, params.token),
    );
    registerEndpoint(scope, contract.fillChecklistByToken, ({ params, body }) =>
      service.fillChecklistByToken(deps.db, params.token, body),
    );
    registerEndpoint(scope, contract.updateChecklist, ({ user, params, body, request }) =>
      service.updateChecklist(deps.db, user, params.id, body, readFillGrants(request)),
    );
    registerEndpoint(scope, contract.listChecklistImages, ({ user, query, request }) =>
      images.listChecklistImages(deps.db, user, query.checklistId, readFillGrants(request)),
    );

    const uploadLimit = { rateLimit: { max: PUBLIC_UPLOADS_PER_MINUTE, timeWindow: '1 minute' } };
    registerEndpoint(
      scope,
      contract.uploadChecklistImage,
      ({ user, params, request, readForm }) =>
        images.addChecklistImage(
          deps.db,
          deps.storage,
          user,
          { id: params.id, grants: readFillGrants(request) },
          async () => (await readForm()).file,
        ),
      { config: uploadLimit },
    );
    registerEndpoint(
      scope,
      contract.uploadChecklistImageByToken,
      ({ params, readForm }) =>
        images.addChecklistImage(
          deps.db,
          deps.storage,
          null,
          { token: params.token },
          async () => (await readForm()).file,
        ),
      { config: uploadLimit },
    );

    registerEndpoint(scope, contract.getChecklistImage, async ({ user, params, request, reply }) =>
      sendImage(
        reply,
        await images.openChecklistImage(
          deps.db,
          deps.storage,
          user,
          params.fileId,
          readFillGrants(request),
        ),
      ),
    );
    registerEndpoint(scope, contract.getChecklistImageByToken, async ({ params, reply }) =>
      sendImage(
        reply,
        await images.openChecklistImageByToken(deps.db, deps.storage, params.token, params.fileId),
      ),
    );
  });
}

function sendImage(reply: FastifyReply, image: { stream: Readable; contentType: string }) {
  reply
    .header('content-type', image.contentType)
    .header('content-disposition', 'inline')
    .header('cache-control', 'private, max-age=3600');
  return image.stream;
}
