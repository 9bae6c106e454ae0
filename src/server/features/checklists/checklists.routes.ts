import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { databaseRateLimitStore } from '../../lib/rate-limit-store';
import * as contract from '../../../contracts/checklists';
import { idParamsSchema } from '../../../contracts/common';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { documentEndpoint, parseWith, registerEndpoint } from '../../http/route';
import { readMultipart, readWholeFile } from '../../http/multipart';
import * as images from './checklist-images.service';
import * as service from './checklists.service';
import { readFillGrants, setFillGrantCookie } from './fill-grant';

/** Per address and minute, for the calls anyone can make: a crew behind one router shares it. */
export const PUBLIC_CALLS_PER_MINUTE = 300;
export const PUBLIC_UPLOADS_PER_MINUTE = 30;

async function readImagePart(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Send the image as multipart form data in the field "image".',
    );
  }
  return readMultipart(async () => {
    const part = await request.file();
    if (!part) return null;
    if (part.fieldname !== 'image') {
      part.file.resume();
      throw new AppError('VALIDATION_FAILED', 'Send the image in the field "image".');
    }
    return { data: await readWholeFile(part), fileName: part.filename };
  });
}

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

    documentEndpoint(
      contract.uploadChecklistImage,
      contract.getChecklistImage,
      contract.uploadChecklistImageByToken,
      contract.getChecklistImageByToken,
    );
    const uploadLimit = { rateLimit: { max: PUBLIC_UPLOADS_PER_MINUTE, timeWindow: '1 minute' } };
    scope.route({
      method: contract.uploadChecklistImage.method,
      url: contract.uploadChecklistImage.path,
      config: uploadLimit,
      handler: async (request) => {
        const params = parseWith(idParamsSchema, request.params, 'path');
        const access = { id: params.id, grants: readFillGrants(request) };
        return images.addChecklistImage(deps.db, deps.storage, request.user, access, () =>
          readImagePart(request),
        );
      },
    });
    scope.route({
      method: contract.uploadChecklistImageByToken.method,
      url: contract.uploadChecklistImageByToken.path,
      config: uploadLimit,
      handler: async (request) => {
        const params = parseWith(contract.checklistTokenParamsSchema, request.params, 'path');
        return images.addChecklistImage(deps.db, deps.storage, null, { token: params.token }, () =>
          readImagePart(request),
        );
      },
    });

    scope.route({
      method: contract.getChecklistImage.method,
      url: contract.getChecklistImage.path,
      handler: async (request, reply) => {
        const params = parseWith(contract.checklistImageParamsSchema, request.params, 'path');
        const image = await images.openChecklistImage(
          deps.db,
          deps.storage,
          request.user,
          params.fileId,
          readFillGrants(request),
        );
        return sendImage(reply, image);
      },
    });
    scope.route({
      method: contract.getChecklistImageByToken.method,
      url: contract.getChecklistImageByToken.path,
      handler: async (request, reply) => {
        const params = parseWith(contract.checklistTokenImageParamsSchema, request.params, 'path');
        const image = await images.openChecklistImageByToken(
          deps.db,
          deps.storage,
          params.token,
          params.fileId,
        );
        return sendImage(reply, image);
      },
    });
  });
}

function sendImage(reply: FastifyReply, image: { stream: Readable; contentType: string }) {
  return reply
    .header('content-type', image.contentType)
    .header('content-disposition', 'inline')
    .header('cache-control', 'private, max-age=3600')
    .send(image.stream);
}
