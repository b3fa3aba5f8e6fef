import { createHash } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { catalogueMakes, catalogueModels, catalogueVariants, meta } from '../db/schema';
import { VEHICLE_TYPES, type VehicleType } from '@/domain/core/constants';
import { CAR_CATALOGUE, CONSTRUCTION_CATALOGUE, FARMING_CATALOGUE, type CatalogueMake } from '@/domain/catalogue/catalogueData';
import type { CatalogueMakeAnswer } from '@/domain/core/wire';

export const CATALOGUES: Record<VehicleType, CatalogueMake[]> = {
  car: CAR_CATALOGUE,
  construction: CONSTRUCTION_CATALOGUE,
  farming: FARMING_CATALOGUE,
};

export const catalogueVersion = createHash('sha256').update(JSON.stringify(CATALOGUES)).digest('hex').slice(0, 16);

/**
 * Loads the domain catalogue into its tables when its version changed. Rows are only added, never
 * renumbered, so ids a client holds stay valid across versions.
 */
export async function ensureCatalogue(db: Db): Promise<void> {
  const [current] = await db.select().from(meta).where(eq(meta.key, 'catalogue_version'));
  if (current?.value === catalogueVersion) return;
  await db.transaction(async (tx) => {
    for (const type of VEHICLE_TYPES) {
      const makes = CATALOGUES[type];
      await tx
        .insert(catalogueMakes)
        .values(makes.map((m) => ({ vehicleType: type, name: m.name })))
        .onConflictDoNothing();
      const makeRows = await tx.select().from(catalogueMakes).where(eq(catalogueMakes.vehicleType, type));
      const makeId = new Map(makeRows.map((r) => [r.name, r.id]));
      const models = makes.flatMap((m) => m.models.map((md) => ({ makeId: makeId.get(m.name)!, name: md.name })));
      for (let i = 0; i < models.length; i += 1000)
        await tx
          .insert(catalogueModels)
          .values(models.slice(i, i + 1000))
          .onConflictDoNothing();
      const modelRows = await tx
        .select()
        .from(catalogueModels)
        .where(inArray(catalogueModels.makeId, [...makeId.values()]));
      const modelId = new Map(modelRows.map((r) => [`${r.makeId}|${r.name}`, r.id]));
      const variants = makes.flatMap((m) => m.models.flatMap((md) => md.variants.map((v) => ({ modelId: modelId.get(`${makeId.get(m.name)}|${md.name}`)!, name: v }))));
      for (let i = 0; i < variants.length; i += 1000)
        await tx
          .insert(catalogueVariants)
          .values(variants.slice(i, i + 1000))
          .onConflictDoNothing();
    }
    await tx
      .insert(meta)
      .values({ key: 'catalogue_version', value: catalogueVersion })
      .onConflictDoUpdate({ target: meta.key, set: { value: catalogueVersion } });
  });
}

export async function listMakes(db: Db, type: VehicleType) {
  return db.select({ id: catalogueMakes.id, name: catalogueMakes.name }).from(catalogueMakes).where(eq(catalogueMakes.vehicleType, type)).orderBy(asc(catalogueMakes.name));
}

export async function listModels(db: Db, makeId: number) {
  return db.select({ id: catalogueModels.id, name: catalogueModels.name }).from(catalogueModels).where(eq(catalogueModels.makeId, makeId)).orderBy(asc(catalogueModels.name));
}

export async function listVariants(db: Db, modelId: number) {
  return db.select({ id: catalogueVariants.id, name: catalogueVariants.name }).from(catalogueVariants).where(eq(catalogueVariants.modelId, modelId)).orderBy(asc(catalogueVariants.name));
}

export async function makeExists(db: Db, makeId: number): Promise<boolean> {
  return (await db.select({ id: catalogueMakes.id }).from(catalogueMakes).where(eq(catalogueMakes.id, makeId))).length > 0;
}

export async function modelExists(db: Db, modelId: number): Promise<boolean> {
  return (await db.select({ id: catalogueModels.id }).from(catalogueModels).where(eq(catalogueModels.id, modelId))).length > 0;
}

/** The whole catalogue, makes with their models and variants, as three reads. */
export async function hierarchy(db: Db, type?: VehicleType): Promise<CatalogueMakeAnswer[]> {
  const makes = await db
    .select()
    .from(catalogueMakes)
    .where(type ? eq(catalogueMakes.vehicleType, type) : undefined)
    .orderBy(asc(catalogueMakes.vehicleType), asc(catalogueMakes.name));
  const models = await db.select().from(catalogueModels).orderBy(asc(catalogueModels.name));
  const variants = await db.select().from(catalogueVariants).orderBy(asc(catalogueVariants.name));
  const variantsBy = new Map<number, { id: number; name: string }[]>();
  for (const v of variants) (variantsBy.get(v.modelId) ?? variantsBy.set(v.modelId, []).get(v.modelId)!).push({ id: v.id, name: v.name });
  const modelsBy = new Map<number, CatalogueMakeAnswer['models']>();
  for (const m of models) (modelsBy.get(m.makeId) ?? modelsBy.set(m.makeId, []).get(m.makeId)!).push({ id: m.id, name: m.name, variants: variantsBy.get(m.id) ?? [] });
  return makes.map((m) => ({ id: m.id, name: m.name, vehicle_type: m.vehicleType as VehicleType, models: modelsBy.get(m.id) ?? [] }));
}
