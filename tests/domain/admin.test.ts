import { describe, expect, it } from 'vitest';
import { ADMIN_STAT_TILES, canDeleteUser, isResetPhrase, vehicleDeleteFailure, vehicleDetails } from '@/domain/account/admin';

describe('admin rules', () => {
  it('resets only for the exact phrase', () => {
    expect(isResetPhrase('DELETE ALL DATA')).toBe(true);
    for (const typed of ['', 'delete all data', 'DELETE ALL DATA ', ' DELETE ALL DATA', 'DELETE  ALL DATA', 'DELETE ALL', 'Delete All Data']) {
      expect(isResetPhrase(typed), JSON.stringify(typed)).toBe(false);
    }
  });

  it('offers no delete for administrators', () => {
    expect(canDeleteUser({ user_type: 'admin' })).toBe(false);
    expect(canDeleteUser({ user_type: 'dealer' })).toBe(true);
    expect(canDeleteUser({ user_type: 'private' })).toBe(true);
  });

  it('names a deleted vehicle by year, make and model', () => {
    expect(vehicleDetails({ year: 2018, make: 'Toyota', model: 'Fortuner' })).toBe('2018 Toyota Fortuner');
  });

  it("builds the failure text from the server's detail, else the error message", () => {
    expect(vehicleDeleteFailure('Car not found', 'Request failed with status code 404')).toBe('Failed to delete vehicle: Car not found');
    expect(vehicleDeleteFailure(null, 'Failed to fetch')).toBe('Failed to delete vehicle: Failed to fetch');
    expect(vehicleDeleteFailure('  ', 'Failed to fetch')).toBe('Failed to delete vehicle: Failed to fetch');
  });

  it('shows each statistic of spec section 3 once', () => {
    expect(ADMIN_STAT_TILES.map((t) => t.key).sort()).toEqual(['cars', 'construction', 'dealers', 'farming', 'featured_vehicles', 'private_sellers', 'total_users', 'total_vehicles'].sort());
  });
});
