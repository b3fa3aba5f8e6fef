import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

// The catalogue of makes, models and variants.

export const catalogueMakes = pgTable(
  'catalogue_makes',
  {
    id: serial('id').primaryKey(),
    vehicleType: text('vehicle_type').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('catalogue_makes_type_name_key').on(t.vehicleType, t.name)],
);

export const catalogueModels = pgTable(
  'catalogue_models',
  {
    id: serial('id').primaryKey(),
    makeId: integer('make_id')
      .notNull()
      .references(() => catalogueMakes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('catalogue_models_make_name_key').on(t.makeId, t.name)],
);

export const catalogueVariants = pgTable(
  'catalogue_variants',
  {
    id: serial('id').primaryKey(),
    modelId: integer('model_id')
      .notNull()
      .references(() => catalogueModels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('catalogue_variants_model_name_key').on(t.modelId, t.name)],
);
