import crypto from 'node:crypto';
import type { SessionUser } from '../../../contracts/auth';
import {
  PORTAL_ASKED_MAX,
  type AskBody,
  type PortalAnswer,
  type PortalRequest,
} from '../../../contracts/requests';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { presentForCustomer } from './requests.presenter';
import * as repo from './requests.repository';
import { ask, CUSTOMER_LINK_ACTOR, loadRequests } from './requests.service';

// The customer's link (issue 32 §2): a secret token in the address, as the checklist links
// carry (decision 0015), and no account. Whoever holds it sees that customer's vaults and
// requests and may ask; nothing else of the company.

/** 128 random bits, base64url: 22 characters. */
const newPortalToken = () => crypto.randomBytes(16).toString('base64url');
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** The customer's requests the link shows, newest first. */
const PORTAL_REQUESTS_SHOWN = 50;

const portalPath = (token: string) => `/portal/${token}`;

/** Every way a link may fail reads the same: unknown, renewed away, or its customer gone. */
const linkNotFound = () =>
  new AppError(
    'NOT_FOUND',
    'This link does not work any more. Please ask your storage company for a new one.',
  );

async function customerOf(db: Db, user: SessionUser, customerId: number) {
  const customer = await repo.findCustomer(db, user.companyId, customerId);
  if (!customer) throw notFound('Customer');
  return customer;
}

export async function getPortalLink(
  db: Db,
  user: SessionUser,
  customerId: number,
  origin: string,
): Promise<{ url: string | null }> {
  await customerOf(db, user, customerId);
  const token = await repo.portalToken(db, user.companyId, customerId);
  return { url: token === null ? null : `${origin}${portalPath(token)}` };
}

/** Makes the link, or a new one in its place: the old address answers 404 from now on. */
export async function renewPortalLink(
  db: Db,
  user: SessionUser,
  customerId: number,
  origin: string,
): Promise<{ url: string }> {
  await customerOf(db, user, customerId);
  const token = newPortalToken();
  await repo.setPortalToken(db, user.companyId, customerId, token);
  return { url: `${origin}${portalPath(token)}` };
}

async function customerByToken(db: Db, token: string) {
  if (!TOKEN.test(token)) throw linkNotFound();
  const customer = await repo.findCustomerByToken(db, token);
  if (!customer) throw linkNotFound();
  return customer;
}

export async function getPortal(db: Db, token: string): Promise<PortalAnswer> {
  const customer = await customerByToken(db, token);
  const companyId = customer.company_id;
  const vaults = await repo.customerVaults(db, companyId, customer.id);
  const rows = await repo.listRequests(db, companyId, { customerId: customer.id });
  const newest = rows.sort((a, b) => b.id - a.id).slice(0, PORTAL_REQUESTS_SHOWN);
  const requests = await loadRequests(db, companyId, newest);
  return {
    customer_name: customer.name,
    company_name: customer.company_name,
    today: await repo.currentDay(db),
    vaults: vaults.map((v) => ({ id: v.id, name: v.name, type: v.type, date_in: v.date_in })),
    requests: requests.map(presentForCustomer),
  };
}

export async function askOnPortal(db: Db, token: string, body: AskBody): Promise<PortalRequest> {
  return db.transaction(async (tx) => {
    const found = await customerByToken(tx, token);
    const companyId = found.company_id;
    // Locked, so two asks at once count each other against the limit.
    const customer = await repo.findCustomer(tx, companyId, found.id, { lock: true });
    if (!customer) throw linkNotFound();
    const waiting = (
      await repo.listRequests(tx, companyId, { customerId: customer.id, status: 'asked' })
    ).filter((r) => r.asked_by === CUSTOMER_LINK_ACTOR);
    if (waiting.length >= PORTAL_ASKED_MAX) {
      throw new AppError(
        'REQUEST_TOO_MANY_ASKED',
        `${waiting.length} requests are waiting for the office to confirm them; please wait for those, or call the office.`,
      );
    }
    const id = await ask(tx, companyId, customer, body, {
      actor: CUSTOMER_LINK_ACTOR,
      isCustomer: true,
    });
    const [request] = await loadRequests(
      tx,
      companyId,
      await repo.listRequests(tx, companyId, { id }),
    );
    if (!request) throw linkNotFound();
    return presentForCustomer(request);
  });
}
