import { api } from '@/data/api';
import type { SavedSearchAnswer } from '@/domain/core/wire';

/** A saved search as the server keeps it; its query holds the domain's canonical filter fields (see src/server/push/savedSearchRules.ts). */
export type SavedSearch = SavedSearchAnswer;
export type SavedQuery = SavedSearch['query'];

export const listSavedSearches = (signal?: AbortSignal) => api.get('saved-searches', signal ? { signal } : {}).json<SavedSearch[]>();
export const createSavedSearch = (body: { name: string; query: Record<string, string | number>; notify?: boolean }) => api.post('saved-searches', { json: body }).json<SavedSearch>();
export const updateSavedSearch = (id: string, body: Partial<Pick<SavedSearch, 'name' | 'notify' | 'email' | 'email_frequency'>>) =>
  api.patch(`saved-searches/${id}`, { json: body }).json<SavedSearch>();

/** An email's unsubscribe link: its token stops that saved search's emails, signed in or not. */
export const unsubscribeEmails = (token: string) => api.post('saved-searches/unsubscribe', { searchParams: { token } }).json<{ message: string }>();
export const deleteSavedSearch = (id: string) => api.delete(`saved-searches/${id}`);
