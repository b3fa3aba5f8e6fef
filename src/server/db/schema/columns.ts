import { timestamp } from 'drizzle-orm/pg-core';

/** A timestamp column. Timestamps keep milliseconds only, so the server's ordering and the app's (JavaScript dates) agree. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
