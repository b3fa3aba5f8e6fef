import { api } from '@/data/api';
import type { MyTeam } from '@/domain/account/dealerTeam';
import type { ImportMapping, StockImport } from '@/domain/listing/stockImport';

// The stock file's calls (issue 38): upload, the dry run, the import, and its progress.

export interface ImportChoice {
  mapping: ImportMapping;
  mark_missing_sold: boolean;
}

/** The file as multipart form data: ky sends a FormData body as it is, and the browser sets its boundary. */
export function uploadStockFile(file: File): Promise<StockImport> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post('dealer/imports', { body }).json<StockImport>();
}

export const checkStockImport = (id: string, choice: ImportChoice) => api.post(`dealer/imports/${id}/check`, { json: choice }).json<StockImport>();

export const applyStockImport = (id: string, choice: ImportChoice) => api.post(`dealer/imports/${id}/apply`, { json: choice }).json<StockImport>();

export const fetchStockImport = (id: string, signal: AbortSignal) => api.get(`dealer/imports/${id}`, { signal }).json<StockImport>();

/** The team role of the signed-in account: 'owner' for a dealer, 'staff' for one of a dealer's staff, else null. */
export const fetchTeamRole = (signal: AbortSignal) =>
  api
    .get('me/team', { signal })
    .json<MyTeam>()
    .then((t) => t.role);
