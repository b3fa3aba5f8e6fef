import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import { DYNAMIC_COMPRESSION } from '@/server/compression';

// Phones on metered connections: JSON (the first sync of the 70 sample listings: 90 KB, 15 KB compressed)
// and any text the app did not ship precompressed, at settings that cost little CPU (compression.ts).
export const compressPlugin = fp(async (app) => {
  await app.register(compress, DYNAMIC_COMPRESSION);
});
