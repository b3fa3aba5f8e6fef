import { z } from 'zod';
import { ownVehicleSchema } from '@/domain/core/wire';
import { requireUser } from '@/server/plugins/app/auth';
import { toOwnVehicle } from '@/server/repositories/vehicles/rows';
import { boostListing } from '@/server/advertising/boost';
import { idParams, type App } from './common';

/** POST /api/vehicles/{id}/boost: the listing as boosted, and the boosts its plan has left this month. */
export const boostAnswerSchema = z.object({ vehicle: ownVehicleSchema, boosts_left: z.number() });

/** A boost to the top of newest-first results (issue 38): its seller, the dealer's staff, a write key or an admin. */
export function boostRoute(app: App) {
  app.post(
    '/vehicles/:id/boost',
    {
      schema: {
        summary: 'Boost a listing to the top of newest-first results for 24 hours',
        description: "Spends one of its advertising plan's boosts this month (Harare's calendar). 409 while boosted, when none are left, without a plan that boosts or when the listing is not live.",
        params: idParams,
        response: { 200: boostAnswerSchema },
        tags: ['vehicles'],
        security: [{ bearerAuth: [] }],
      },
      config: { apiKeys: true },
    },
    async (req) => {
      const { row, boostsLeft } = await boostListing(app.ctx, requireUser(req), req.params.id);
      return { vehicle: toOwnVehicle(row), boosts_left: boostsLeft };
    },
  );
}
