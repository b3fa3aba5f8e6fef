/** A minimal valid listing body. */
export function listingBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    vehicle_type: 'car',
    make: 'Toyota',
    model: 'Hilux',
    variant: '2.8GD-6',
    year: 2019,
    price: 38000,
    mileage: 85000,
    fuel_type: 'diesel',
    transmission: 'manual',
    condition: 'used',
    car_category: 'pickup',
    color: 'White',
    description: 'Well kept, full service history.',
    features: ['Air conditioning', 'Tow Bar'],
    location: 'Borrowdale, Harare',
    ...over,
  };
}

/** A minimal valid farming listing body. */
export const farmingBody = (over: Record<string, unknown> = {}) =>
  listingBody({
    vehicle_type: 'farming',
    make: 'John Deere',
    model: '5075E',
    variant: null,
    year: 2020,
    price: 42000,
    mileage: null,
    operating_hours: 1200,
    car_category: null,
    category: 'tractor',
    ...over,
  });
