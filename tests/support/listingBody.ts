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
