import { describe, expect, it } from 'vitest';
import { changesListings } from '@/data/listingWrites';

// Which answered requests of the API client mean that this device changed the public listings, so
// that its copy (and its search) is brought up to date at once (issue 15 item 10).

describe('listing writes heard by the API client', () => {
  const at = (p: string) => `http://localhost:8080/api/${p}`;

  it("an edit, a delete, a create, a confirmed payment and an administrator's delete or reset", () => {
    expect(changesListings('PUT', at('cars/7f1c'), 200)).toBe(true);
    expect(changesListings('DELETE', at('cars/7f1c'), 204)).toBe(true);
    expect(changesListings('POST', at('vehicles?is_free_update=true'), 201)).toBe(true);
    expect(changesListings('POST', at('payments/confirm/pi_1'), 200)).toBe(true);
    expect(changesListings('POST', at('payments/ecocash/confirm/tx_1'), 200)).toBe(true);
    expect(changesListings('DELETE', at('admin/vehicle/7f1c'), 200)).toBe(true);
    expect(changesListings('POST', at('admin/reset-database'), 200)).toBe(true);
    // Deleting a user deletes their listings.
    expect(changesListings('DELETE', at('admin/user/9a2e'), 200)).toBe(true);
  });

  it('not reads, refusals, a payment still pending, or other routes', () => {
    expect(changesListings('GET', at('cars/7f1c'), 200)).toBe(false);
    expect(changesListings('PUT', at('cars/7f1c'), 403)).toBe(false);
    expect(changesListings('POST', at('payments/ecocash/confirm/tx_1'), 202)).toBe(false);
    expect(changesListings('POST', at('payments/create-intent'), 200)).toBe(false);
    expect(changesListings('POST', at('saved-searches'), 201)).toBe(false);
    expect(changesListings('POST', at('auth/login'), 200)).toBe(false);
    expect(changesListings('GET', at('admin/users'), 200)).toBe(false);
    expect(changesListings('POST', at('carsales'), 200)).toBe(false);
  });
});
