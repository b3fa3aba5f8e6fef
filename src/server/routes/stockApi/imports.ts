import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guessMapping, IMPORT_MESSAGES, MAX_IMPORT_BYTES } from '@/domain/listing/stockImport';
import { importChoiceSchema, stockImportSchema } from '@/domain/listing/stockImportWire';
import { badRequest, conflict, HttpError, notFound, unprocessable } from '@/server/errors';
import { findStockImport, insertStockImport, lastMapping, toStockImport, updateStockImport } from '@/server/repositories/stockImports.repo';
import { readStockFile } from '@/server/stockImport/sheet';
import { planImport } from '@/server/stockImport/plan';
import { enqueueStockImport } from '@/server/stockImport/apply';
import { requireStock } from './dealer';

const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.uuid() });

/**
 * A dealer's stock file (issue 38): uploaded (CSV or Excel; its columns matched to Motokari's fields,
 * the dealer's last matching suggested), checked (the dry run: nothing changes), then applied by a
 * background job whose progress the dashboard follows. The dealer and their staff may import.
 */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.post(
    '/dealer/imports',
    {
      schema: { summary: 'Upload a stock file (CSV or Excel)', consumes: ['multipart/form-data'], response: { 201: stockImportSchema }, tags: ['stock'], security },
      // A multipart body is read by the handler, after the Idempotency-Key's record would be looked up.
      config: { skipIdempotency: true },
    },
    async (req, reply) => {
      const { dealer } = await requireStock(req);
      if (!req.isMultipart()) throw badRequest(IMPORT_MESSAGES.notASheet);
      let part;
      let bytes: Buffer;
      try {
        part = await req.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
        if (!part) throw unprocessable(IMPORT_MESSAGES.notASheet);
        bytes = await part.toBuffer();
      } catch (e) {
        if (e instanceof HttpError) throw e;
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, IMPORT_MESSAGES.tooLarge);
        throw badRequest(IMPORT_MESSAGES.notASheet);
      }
      const { columns, rows } = await readStockFile(bytes);
      const mapping = guessMapping(columns, await lastMapping(db, dealer.id));
      // A name to show back: printable characters only.
      const fileName =
        [...(part.filename || 'stock.csv')]
          .filter((c) => c >= ' ')
          .join('')
          .slice(0, 200) || 'stock.csv';
      reply.code(201);
      return toStockImport(await insertStockImport(db, { dealerId: dealer.id, fileName, columns, rows, mapping }));
    },
  );

  app.get('/dealer/imports/:id', { schema: { summary: 'Get a stock file’s import', params: idParams, response: { 200: stockImportSchema }, tags: ['stock'], security } }, async (req) => {
    const { dealer } = await requireStock(req);
    const file = await findStockImport(db, dealer.id, req.params.id);
    if (!file) throw notFound(IMPORT_MESSAGES.notFound);
    return toStockImport(file);
  });

  app.post(
    '/dealer/imports/:id/check',
    { schema: { summary: 'Check a stock file (dry run)', params: idParams, body: importChoiceSchema, response: { 200: stockImportSchema }, tags: ['stock'], security } },
    async (req) => {
      const { dealer, actor } = await requireStock(req);
      const file = await findStockImport(db, dealer.id, req.params.id);
      if (!file) throw notFound(IMPORT_MESSAGES.notFound);
      if (file.state !== 'uploaded') return toStockImport(file);
      const choice = { mapping: req.body.mapping, markMissingSold: req.body.mark_missing_sold };
      const plan = await planImport(app.ctx, actor, dealer.id, file, choice);
      const checked = await updateStockImport(db, file.id, { ...choice, summary: plan.summary }, 'uploaded');
      return toStockImport(checked ?? file);
    },
  );

  app.post(
    '/dealer/imports/:id/apply',
    { schema: { summary: 'Import a checked stock file', params: idParams, body: importChoiceSchema, response: { 202: stockImportSchema }, tags: ['stock'], security } },
    async (req, reply) => {
      const { dealer, actor } = await requireStock(req);
      const file = await findStockImport(db, dealer.id, req.params.id);
      if (!file) throw notFound(IMPORT_MESSAGES.notFound);
      if (file.state !== 'uploaded') throw conflict(IMPORT_MESSAGES.alreadyApplied);
      const choice = { mapping: req.body.mapping, markMissingSold: req.body.mark_missing_sold };
      // Refused here, not in the job, when a required column is not chosen.
      const plan = await planImport(app.ctx, actor, dealer.id, file, choice);
      const applying = await db.transaction(async (tx) => {
        const rows = await updateStockImport(tx, file.id, { ...choice, summary: plan.summary, state: 'applying', done: 0 }, 'uploaded');
        if (rows) await enqueueStockImport(tx, file.id, actor.id);
        return rows;
      });
      if (!applying) throw conflict(IMPORT_MESSAGES.alreadyApplied);
      app.ctx.jobs.kick();
      reply.code(202);
      return toStockImport(applying);
    },
  );
};
