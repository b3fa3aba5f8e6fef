/** What a restored database holds, for the command's report. */
export interface RestoredCounts {
  listings: number;
  accounts: number;
  payments: number;
}

/** Counts them in one statement, the same on both engines. */
export const COUNTS_SQL = 'select (select count(*) from vehicles)::int as listings, (select count(*) from users)::int as accounts, (select count(*) from payments)::int as payments';

/** The counts from the statement's one row. */
export function countsOf(row: Record<string, unknown> | undefined): RestoredCounts {
  return { listings: Number(row?.listings ?? 0), accounts: Number(row?.accounts ?? 0), payments: Number(row?.payments ?? 0) };
}
