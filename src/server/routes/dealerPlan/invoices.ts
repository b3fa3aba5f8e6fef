import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceLabel, PLAN_MESSAGES } from '@/domain/payments/dealerPlan';
import { planInvoiceSchema } from '@/domain/payments/dealerPlanWire';
import { notFound } from '@/server/errors';
import { bytesOf } from '@/server/responses';
import { findInvoice, listInvoices } from '@/server/repositories/dealerPlans.repo';
import { toApiInvoice } from '@/server/dealerPlan/standing';
import { invoicePdf } from '@/server/dealerPlan/invoicePdf';
import { requireDealer } from '../stockApi/dealer';

const security = [{ bearerAuth: [] }];
const tags = ['plan'];
const idParams = z.object({ id: z.uuid() });

/** The plan's invoices (kept 7 years, the privacy policy), listed and downloaded as PDF by the dealer account. */
export const planInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get('/dealer/plan/invoices', { schema: { summary: "List the plan's invoices", response: { 200: z.array(planInvoiceSchema) }, tags, security } }, async (req) => {
    const dealer = await requireDealer(req);
    return (await listInvoices(db, dealer.id)).map(toApiInvoice);
  });

  app.get(
    '/dealer/plan/invoices/:id/pdf',
    { schema: { summary: 'Download an invoice as PDF', params: idParams, response: { 200: bytesOf('application/pdf', 'The invoice') }, tags, security } },
    async (req, reply) => {
      const dealer = await requireDealer(req);
      const invoice = await findInvoice(db, dealer.id, req.params.id);
      if (!invoice) throw notFound(PLAN_MESSAGES.invoiceNotFound);
      const pdf = await invoicePdf(invoice, { productName: app.ctx.config.productName, publicUrl: app.ctx.config.publicUrl });
      // Bytes, documented by bytesOf and never serialised: sent through the untyped reply, as photos are.
      return (reply as FastifyReply)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoiceLabel(invoice.number)}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
