import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminReportGroupSchema, messageSchema, reportInputSchema } from '@/domain/core/wire';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import { REPORT_TEXTS, REPORTS_TO_HIDE } from '@/domain/listing/reports';
import { isPublic } from '@/domain/listing/vehicle';
import { conflict, forbidden, notFound } from '../errors';
import { keyedLimit } from '../keyedLimit';
import { requireAdmin, requireUser } from '../plugins/app/auth';
import { toApiVehicle } from '../repositories/vehicles/rows';
import { findVehicle } from '../repositories/vehicles/reads';
import { updateVehicle, withListingWrite } from '../repositories/vehicles/writes';
import { dismissReports, insertReport, openReportGroups, openReporters } from '../repositories/reports.repo';
import { reportedConversationGroups } from '../repositories/conversations/reports.repo';

const idParams = z.object({ id: z.uuid() });
const vehicleIdParams = z.object({ vehicleId: z.uuid() });

/**
 * Reports of listings (issue 20, Trust). Only signed-in people report: each counts once per listing
 * however often they report it, so "several people" means several accounts, not several clicks or
 * one person's changing addresses. Open reports from REPORTS_TO_HIDE different people hide the
 * listing (hidden_for_review_at, part of publicSql) in the transaction of the report that reaches
 * the count; an admin's dismissal closes the reports and shows the listing again.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const reportLimit = keyedLimit(app, {
    name: 'report',
    max: config.reportsPerHour,
    timeWindow: '1 hour',
    key: (req) => req.currentUser?.id ?? '',
    detail: REPORT_TEXTS.tooMany,
  });

  app.post(
    '/vehicles/:id/reports',
    { schema: { summary: 'Report a listing', params: idParams, body: reportInputSchema, response: { 201: messageSchema }, tags: ['reports'], security: [{ bearerAuth: [] }] } },
    async (req, reply) => {
      const user = requireUser(req);
      await reportLimit(req);
      const row = await findVehicle(db, req.params.id);
      if (!row || !isPublic(toApiVehicle(row), app.ctx.now())) throw notFound(LISTING_MESSAGES.notFound);
      if (row.sellerId === user.id) throw forbidden(REPORT_TEXTS.ownListing);
      const note = req.body.note || null;
      await withListingWrite(db, async (tx, nextRevision) => {
        if (!(await insertReport(tx, { vehicleId: row.id, reporterId: user.id, reason: req.body.reason, note }))) throw conflict(REPORT_TEXTS.alreadyReported);
        if ((await openReporters(tx, row.id)) >= REPORTS_TO_HIDE) {
          // A new revision: the summary feed sends the listing's tombstone, every index drops it.
          await updateVehicle(tx, row.id, { hiddenForReviewAt: app.ctx.now() }, await nextRevision());
        }
      });
      reply.code(201);
      return { message: REPORT_TEXTS.sent };
    },
  );

  app.get(
    '/admin/reports',
    { schema: { summary: 'List open reports of listings and conversations', response: { 200: z.array(adminReportGroupSchema) }, tags: ['admin'], security: [{ bearerAuth: [] }] } },
    async (req, reply) => {
      requireAdmin(req);
      reply.header('cache-control', 'private, no-store');
      // The listings' reports, then the reported conversations with their messages (issue 37).
      return [...(await openReportGroups(db)), ...(await reportedConversationGroups(db))];
    },
  );

  app.post(
    '/admin/reports/:vehicleId/dismiss',
    { schema: { summary: 'Dismiss the open reports of a listing', params: vehicleIdParams, response: { 200: messageSchema }, tags: ['admin'], security: [{ bearerAuth: [] }] } },
    async (req) => {
      requireAdmin(req);
      await withListingWrite(db, async (tx, nextRevision) => {
        const row = await findVehicle(tx, req.params.vehicleId);
        if (!row) throw notFound(LISTING_MESSAGES.notFound);
        if (!(await dismissReports(tx, row.id, app.ctx.now()))) throw notFound(REPORT_TEXTS.noOpenReports);
        if (row.hiddenForReviewAt) await updateVehicle(tx, row.id, { hiddenForReviewAt: null }, await nextRevision());
      });
      return { message: REPORT_TEXTS.dismissed };
    },
  );
};
