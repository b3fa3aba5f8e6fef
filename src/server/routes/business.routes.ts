import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '@/domain/core/wire';
import { BUSINESS_MESSAGES, statusAfterSubmit, type BusinessStatus } from '@/domain/account/business';
import { businessDetailsSchema } from '@/domain/account/businessInput';
import { conflict, forbidden, notFound } from '../errors';
import { isVerifiedDealer } from '../listings';
import { requireAdmin, requireUser } from '../plugins/app/auth';
import { findUserById, setBusinessDetails, setBusinessStatus, toApiUser, type UserRow } from '../repositories/users.repo';
import { setSellerVerified, withListingWrite } from '../repositories/vehicles/writes';

const idParams = z.object({ id: z.uuid() });

/**
 * Verified dealers (issue 20): a dealer submits business details (PUT /api/me/business), an
 * administrator verifies or rejects them, and the dealer's listings carry the verification, each
 * with a new revision, so searches, the summary feed and offline copies show the badge.
 */
export const businessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  /** Sets a dealer's status and their listings' badge in one listing write. */
  const decide = (user: UserRow, status: BusinessStatus, change: (tx: Parameters<Parameters<typeof withListingWrite>[1]>[0]) => Promise<UserRow>) =>
    withListingWrite(db, async (tx) => {
      const updated = await change(tx);
      await setSellerVerified(tx, user.id, isVerifiedDealer({ userType: user.userType, businessStatus: status }));
      return updated;
    });

  app.put(
    '/me/business',
    { schema: { summary: "Update the signed-in dealer's business details", body: businessDetailsSchema, response: { 200: userSchema }, tags: ['users'], security: [{ bearerAuth: [] }] } },
    async (req) => {
      const user = requireUser(req);
      if (user.userType !== 'dealer') throw forbidden(BUSINESS_MESSAGES.dealersOnly);
      const details = req.body;
      const current =
        user.businessRegistration !== null && user.businessAddress !== null
          ? { business_name: user.businessName ?? '', registration_number: user.businessRegistration, address: user.businessAddress }
          : null;
      const status = statusAfterSubmit({ status: (user.businessStatus as BusinessStatus | null) ?? null, details: current }, details);
      const updated = await decide(user, status, (tx) =>
        setBusinessDetails(tx, user.id, {
          businessName: details.business_name,
          businessRegistration: details.registration_number,
          businessAddress: details.address,
          businessStatus: status,
          submittedAt: app.ctx.now(),
        }),
      );
      return toApiUser(updated);
    },
  );

  const review = (status: Extract<BusinessStatus, 'verified' | 'rejected'>) => async (req: { params: { id: string } } & Parameters<typeof requireAdmin>[0]) => {
    requireAdmin(req);
    const user = await findUserById(db, req.params.id);
    if (!user) throw notFound('User not found');
    if (user.userType !== 'dealer') throw conflict(BUSINESS_MESSAGES.notADealer);
    if (user.businessStatus === null) throw conflict(BUSINESS_MESSAGES.nothingToReview);
    return toApiUser(await decide(user, status, (tx) => setBusinessStatus(tx, user.id, status)));
  };
  app.post(
    '/admin/users/:id/verify',
    { schema: { summary: "Verify a dealer's business", params: idParams, response: { 200: userSchema }, tags: ['admin'], security: [{ bearerAuth: [] }] } },
    review('verified'),
  );
  app.post(
    '/admin/users/:id/reject',
    { schema: { summary: "Reject a dealer's business", params: idParams, response: { 200: userSchema }, tags: ['admin'], security: [{ bearerAuth: [] }] } },
    review('rejected'),
  );
};
