import { describe, expect, it } from 'vitest';
import { emptyForm, formFromVehicle, fromListingFields, toListingFields, updateBody } from '@/domain/listing/listingWizard';
import type { Vehicle } from '@/domain/listing/vehicle';
import { CONTACT_CHOICES } from '@/domain/messages/contactChoice';

const listing = (contact_preference?: 'phone' | 'messages') =>
  ({
    id: 'v1',
    vehicle_type: 'car',
    make: 'Honda',
    model: 'Fit',
    variant: null,
    year: 2014,
    price: 6500,
    mileage: 120000,
    features: [],
    featured: false,
    location: 'Avondale, Harare',
    region: 'Harare',
    ...(contact_preference && { contact_preference }),
  }) as unknown as Vehicle;

describe('how buyers reach the seller, per listing (issue 37)', () => {
  it('offers the two choices in the words the seller reads', () => {
    expect(CONTACT_CHOICES.map((c) => c.label)).toEqual(['Phone and messages', 'Messages only']);
  });
  it('sends an untouched listing as the account’s choice (null), and a chosen one as chosen', () => {
    expect(toListingFields(emptyForm())).toMatchObject({ contact_preference: null });
    expect(toListingFields(emptyForm({ contact_preference: 'messages' }))).toMatchObject({ contact_preference: 'messages' });
  });
  it('keeps the choice in a draft', () => {
    expect(fromListingFields(toListingFields(emptyForm({ contact_preference: 'messages' }))).contact_preference).toBe('messages');
    expect(fromListingFields({ contact_preference: 'fax' }).contact_preference).toBe('');
  });
  it('edits a listing that differs from its account as its own choice, and one like its account as the account’s', () => {
    expect(formFromVehicle(listing('messages'), 'phone').contact_preference).toBe('messages');
    expect(formFromVehicle(listing('messages'), 'messages').contact_preference).toBe('');
    expect(formFromVehicle(listing(), 'phone').contact_preference).toBe('');
    expect(updateBody(formFromVehicle(listing('messages'), 'phone'), [], false)).toMatchObject({ contact_preference: 'messages' });
  });
});
