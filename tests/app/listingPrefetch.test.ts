import { beforeEach, describe, expect, it, vi } from 'vitest';

const fetchVehicle = vi.fn((id: string) => Promise.resolve({ id }));
vi.mock('@/data/api', () => ({ fetchVehicle }));

const { prefetchListing, takePrefetchedListing } = await import('@/app/features/vehicle/listingPrefetch');

// Each request for a listing counts a view: the request the app starts with a listing page is used by
// that page once, and never by a later one.
describe('the listing asked for as the app starts', () => {
  beforeEach(() => {
    fetchVehicle.mockClear();
    takePrefetchedListing('');
  });

  it('is asked for once and answers the page that shows it, once', async () => {
    prefetchListing('car-1');
    await expect(takePrefetchedListing('car-1')).resolves.toEqual({ id: 'car-1' });
    expect(fetchVehicle).toHaveBeenCalledTimes(1);
    expect(fetchVehicle).toHaveBeenCalledWith('car-1');
    expect(takePrefetchedListing('car-1')).toBeNull();
  });

  it('is dropped when the first listing page shown is another one', () => {
    prefetchListing('car-1');
    expect(takePrefetchedListing('car-2')).toBeNull();
    expect(takePrefetchedListing('car-1')).toBeNull();
  });

  it('hands its failure to the page that takes it', async () => {
    fetchVehicle.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    prefetchListing('car-3');
    await expect(takePrefetchedListing('car-3')).rejects.toThrow('offline');
  });
});
