import { describe, expect, it } from 'vitest';
import {
  acceptsMileage,
  acceptsOperatingHours,
  asksEnginePower,
  asksOperatingHours,
  areaOf,
  changeField,
  checkImageFiles,
  contactDefaults,
  emptyForm,
  firstIncompleteStep,
  fitWithin,
  formFieldOf,
  formFromVehicle,
  fromListingFields,
  isImageFile,
  keepOriginal,
  listingLocation,
  renamedFor,
  saveErrorMessage,
  stepIssues,
  toListingFields,
  updateBody,
  WIZARD_STEPS,
  type WizardForm,
} from '@/domain/listing/listingWizard';
import { GENERIC_MESSAGES, OUTBOX_TEXTS } from '@/domain/core/messages';
import { MAX_IMAGES } from '@/domain/core/constants';
import { vehicleInputSchema } from '@/domain/listing/vehicleInput';
import type { Vehicle } from '@/domain/listing/vehicle';

const now = new Date('2026-11-22T12:00:00Z');

const complete: WizardForm = emptyForm({
  make: 'Toyota',
  model: 'Hilux',
  variant: '2.8 GD-6',
  year: '2019',
  fuel_type: 'diesel',
  transmission: 'manual',
  mileage: '84000',
  color: 'White',
  category: 'pickup',
  subscription_plan: 'standard',
  price: '32500',
  seller_email: 'rudo@example.co.zw',
  seller_phone: '0772000111',
  region: 'Manicaland',
  area: 'Mutare',
});

const MB = 1024 * 1024;

describe('wizard steps', () => {
  it('has the 8 steps of the spec in order', () => {
    expect(WIZARD_STEPS).toEqual(['Vehicle Details', 'Subscription', 'Ad Details', 'Contact Info', 'Photos', 'Review', 'Verify', 'Payment']);
  });

  it('requires exactly the fields of spec section 5 on each step', () => {
    const empty = emptyForm({ region: '', condition: '' });
    expect(Object.keys(stepIssues(1, empty, now)).sort()).toEqual(['color', 'fuel_type', 'make', 'mileage', 'model', 'transmission', 'year']);
    expect(Object.keys(stepIssues(2, empty, now))).toEqual(['subscription_plan']);
    expect(Object.keys(stepIssues(3, empty, now))).toEqual(['price']);
    expect(Object.keys(stepIssues(4, empty, now)).sort()).toEqual(['area', 'region', 'seller_email', 'seller_phone']);
    for (const step of [5, 6, 7, 8]) expect(stepIssues(step, empty, now)).toEqual({});
    expect(stepIssues(1, empty, now).make).toBe('Make is required');
    expect(stepIssues(1, empty, now).color).toBe('Colour is required');
    expect(stepIssues(4, empty, now).seller_phone).toBe('Contact Phone is required');
  });

  it('counts spaces alone as missing', () => {
    expect(stepIssues(3, { ...complete, price: '   ' }, now).price).toBe('Price is required');
  });

  it('takes years from 1990 to next year only', () => {
    expect(stepIssues(1, { ...complete, year: '1990' }, now)).toEqual({});
    expect(stepIssues(1, { ...complete, year: '2027' }, now)).toEqual({});
    expect(stepIssues(1, { ...complete, year: '1989' }, now).year).toBe('Year must be between 1990 and 2027');
    expect(stepIssues(1, { ...complete, year: '2028' }, now).year).toBe('Year must be between 1990 and 2027');
    expect(stepIssues(1, { ...complete, year: '2019.5' }, now).year).toBeDefined();
  });

  it('takes mileage as whole digits or nothing', () => {
    expect(acceptsMileage('')).toBe(true);
    expect(acceptsMileage('0')).toBe(true);
    expect(acceptsMileage('120000')).toBe(true);
    expect(acceptsMileage('-5')).toBe(false);
    expect(acceptsMileage('12.5')).toBe(false);
    expect(acceptsMileage('12 000')).toBe(false);
    expect(acceptsMileage('1e5')).toBe(false);
  });

  it('checks the price is a number and the contact email looks like one', () => {
    expect(stepIssues(3, { ...complete, price: 'lots' }, now).price).toBe('Price must be a number');
    expect(stepIssues(3, { ...complete, price: '32,500' }, now)).toEqual({});
    expect(stepIssues(4, { ...complete, seller_email: 'rudo' }, now).seller_email).toBe('Enter a valid email address');
  });

  it('finds the first step that is not complete', () => {
    expect(firstIncompleteStep(complete, 7, now)).toBeNull();
    expect(firstIncompleteStep({ ...complete, area: '' }, 7, now)).toBe(4);
    expect(firstIncompleteStep({ ...complete, subscription_plan: '' }, 7, now)).toBe(2);
  });
});

describe('make, model and variant', () => {
  it('clears model and variant when the make changes, and the variant when the model does', () => {
    const a = changeField(complete, 'make', 'Nissan');
    expect(a).toMatchObject({ make: 'Nissan', model: '', variant: '' });
    const b = changeField(complete, 'model', 'Fortuner');
    expect(b).toMatchObject({ make: 'Toyota', model: 'Fortuner', variant: '' });
    const c = changeField(complete, 'variant', '2.4 GD-6');
    expect(c).toMatchObject({ make: 'Toyota', model: 'Hilux', variant: '2.4 GD-6' });
  });

  it('keeps everything when the same make is chosen again', () => {
    expect(changeField(complete, 'make', 'Toyota')).toBe(complete);
  });

  it('clears the vehicle and its category when the vehicle type changes', () => {
    expect(changeField(complete, 'vehicle_type', 'farming')).toMatchObject({ vehicle_type: 'farming', make: '', model: '', variant: '', category: '', year: '2019' });
  });
});

describe('engine power (construction and farming)', () => {
  const machine: WizardForm = { ...complete, vehicle_type: 'construction', make: 'Caterpillar', model: '320 Excavator', category: 'excavator' };
  const tractor: WizardForm = { ...complete, vehicle_type: 'farming', make: 'Massey Ferguson', model: '375', category: 'tractor' };

  it('is optional, a whole number of HP from 1 to 5000, and checked on construction listings only', () => {
    expect(stepIssues(1, machine, now)).toEqual({});
    expect(stepIssues(1, { ...machine, engine_power_hp: '148' }, now)).toEqual({});
    for (const bad of ['0', '5001', '12.5']) {
      expect(stepIssues(1, { ...machine, engine_power_hp: bad }, now)).toEqual({ engine_power_hp: 'Engine power must be a whole number of HP from 1 to 5000' });
    }
  });

  it('is asked, checked and sent for a farming listing too, since buyers filter tractors by the same bands', () => {
    expect(asksEnginePower('farming')).toBe(true);
    expect(asksEnginePower('car')).toBe(false);
    expect(stepIssues(1, { ...tractor, engine_power_hp: '5001' }, now)).toEqual({ engine_power_hp: 'Engine power must be a whole number of HP from 1 to 5000' });
    expect(vehicleInputSchema.parse({ ...toListingFields({ ...tractor, engine_power_hp: '75' }), images: [] }).engine_power_hp).toBe(75);
  });

  it('is sent for a construction listing, never for a car, and cleared when the type changes', () => {
    const fields = toListingFields({ ...machine, engine_power_hp: '148' });
    expect(fields.engine_power_hp).toBe('148');
    expect(vehicleInputSchema.parse({ ...fields, images: [] }).engine_power_hp).toBe(148);
    expect(toListingFields({ ...machine, engine_power_hp: '' }).engine_power_hp).toBeNull();
    expect(toListingFields({ ...complete, engine_power_hp: '148' }).engine_power_hp).toBeNull();
    expect(changeField({ ...machine, engine_power_hp: '148' }, 'vehicle_type', 'farming').engine_power_hp).toBe('');
    expect(fromListingFields(toListingFields({ ...machine, engine_power_hp: '148' })).engine_power_hp).toBe('148');
    expect(
      formFromVehicle({
        ...(machine as unknown as Vehicle),
        year: 2012,
        price: null,
        mileage: null,
        engine_size: null,
        engine_power_hp: 148,
        variant: null,
        location: null,
        region: null,
        features: [],
      }).engine_power_hp,
    ).toBe('148');
  });
});

describe('operating hours (construction and farming)', () => {
  const machine: WizardForm = { ...complete, vehicle_type: 'construction', make: 'Caterpillar', model: '320 Excavator', category: 'excavator' };
  const tractor: WizardForm = { ...complete, vehicle_type: 'farming', make: 'Massey Ferguson', model: '375', category: 'tractor' };

  it('is asked for equipment only, optional, a whole number from 0 to 1,000,000 with or without thousands commas', () => {
    expect(asksOperatingHours('construction')).toBe(true);
    expect(asksOperatingHours('farming')).toBe(true);
    expect(asksOperatingHours('car')).toBe(false);
    for (const ok of ['', '0', '1200', '1,200', '1,000,000']) expect(stepIssues(1, { ...tractor, operating_hours: ok }, now)).toEqual({});
    for (const bad of ['12.5', '-3', 'many', ',']) {
      expect(stepIssues(1, { ...machine, operating_hours: bad }, now)).toEqual({ operating_hours: 'Operating hours must be a whole number' });
    }
    expect(stepIssues(1, { ...machine, operating_hours: '1000001' }, now)).toEqual({ operating_hours: 'Operating hours must be at most 1,000,000' });
    expect(stepIssues(1, { ...complete, operating_hours: 'many' }, now)).toEqual({});
    expect(acceptsOperatingHours('1,200')).toBe(true);
    expect(acceptsOperatingHours('1.2')).toBe(false);
  });

  it('is sent as operating_hours for equipment, never for a car, cleared when the type changes and filled back on edit', () => {
    const fields = toListingFields({ ...tractor, operating_hours: '1,200' });
    expect(fields.operating_hours).toBe('1200');
    expect(vehicleInputSchema.parse({ ...fields, images: [] }).operating_hours).toBe(1200);
    expect(updateBody({ ...machine, operating_hours: '4500' }, [], false).operating_hours).toBe('4500');
    expect(toListingFields({ ...machine, operating_hours: '' }).operating_hours).toBeNull();
    expect(toListingFields({ ...complete, operating_hours: '1200' }).operating_hours).toBeNull();
    expect(changeField({ ...machine, operating_hours: '1200' }, 'vehicle_type', 'farming').operating_hours).toBe('');
    expect(fromListingFields(toListingFields({ ...tractor, operating_hours: '1200' })).operating_hours).toBe('1200');
    expect(
      formFromVehicle({
        ...(tractor as unknown as Vehicle),
        year: 2012,
        price: null,
        mileage: null,
        operating_hours: 1200,
        engine_size: null,
        engine_power_hp: null,
        variant: null,
        location: null,
        region: null,
        features: [],
      }).operating_hours,
    ).toBe('1200');
  });
});

describe('duty and papers declared (issue 20)', () => {
  it('asks both on Ad Details, optional: not said sends null, yes and no send true and false', () => {
    expect(emptyForm()).toMatchObject({ duty_paid: '', papers_ready: '' });
    expect(stepIssues(3, { ...complete, duty_paid: '', papers_ready: '' }, now)).toEqual({});
    expect(toListingFields(complete)).toMatchObject({ duty_paid: null, papers_ready: null });
    const fields = toListingFields({ ...complete, duty_paid: 'yes', papers_ready: 'no' });
    expect(fields).toMatchObject({ duty_paid: true, papers_ready: false });
    expect(vehicleInputSchema.parse({ ...fields, images: [] })).toMatchObject({ duty_paid: true, papers_ready: false });
    expect(formFieldOf('duty_paid')).toBe('duty_paid');
  });

  it('keeps the answers through a draft and fills them back on edit', () => {
    const form: WizardForm = { ...complete, duty_paid: 'no', papers_ready: 'yes' };
    expect(fromListingFields(toListingFields(form))).toMatchObject({ duty_paid: 'no', papers_ready: 'yes' });
    expect(fromListingFields({ ...toListingFields(complete), duty_paid: undefined })).toMatchObject({ duty_paid: '' });
    expect(updateBody(form, [], false)).toMatchObject({ duty_paid: false, papers_ready: true });
    const listing = {
      ...(complete as unknown as Vehicle),
      year: 2012,
      price: null,
      mileage: null,
      engine_size: null,
      engine_power_hp: null,
      variant: null,
      location: null,
      region: null,
      features: [],
    };
    expect(formFromVehicle({ ...listing, duty_paid: true, papers_ready: null })).toMatchObject({ duty_paid: 'yes', papers_ready: '' });
  });
});

describe('form and listing fields', () => {
  it('turns the form into fields the listing schema accepts, empty numbers as nothing', () => {
    const fields = toListingFields({ ...complete, engine_size: '', description: '  ' });
    expect(fields).toMatchObject({ engine_size: null, description: null, car_category: 'pickup', location: 'Mutare, Manicaland', seller_location: 'Mutare' });
    const parsed = vehicleInputSchema.parse({ ...fields, images: [] });
    expect(parsed).toMatchObject({ year: 2019, mileage: 84000, price: 32500, engine_size: null, fuel_type: 'diesel', subscription_plan: 'standard', region: 'Manicaland' });
  });

  it('reads stored fields back into the same form', () => {
    const form = { ...complete, features: ['ABS', 'Tow Bar'], vehicle_type: 'construction' as const, category: 'excavator', featured: true };
    expect(fromListingFields(toListingFields(form))).toEqual(form);
    expect(fromListingFields({ make: 'Mazda', year: 2015, mileage: 1000 }, { seller_email: 'a@b.co' })).toMatchObject({
      make: 'Mazda',
      year: '2015',
      mileage: '1000',
      seller_email: 'a@b.co',
      region: 'Harare',
    });
  });

  it('fills the contact fields from the account, the region the one its town lies in, else Harare', () => {
    const account = { email: 'a@b.co', phone: '077', region: null, area: null };
    expect(contactDefaults({ ...account, location: 'Gweru, Zimbabwe' })).toEqual({ seller_email: 'a@b.co', seller_phone: '077', region: 'Midlands', area: 'Gweru' });
    // A Bulawayo seller's listing is saved as 'Bulawayo, Bulawayo' -> 'Bulawayo', not 'Bulawayo, Harare'.
    const bulawayo = contactDefaults({ ...account, location: 'Bulawayo' });
    expect(bulawayo).toMatchObject({ region: 'Bulawayo', area: 'Bulawayo' });
    expect(listingLocation({ area: bulawayo.area!, region: bulawayo.region! })).toBe('Bulawayo');
    expect(contactDefaults({ ...account, location: 'Mutare, Zimbabwe' }).region).toBe('Manicaland');
    // The account's own region stands; a town not in the list keeps the spec's default.
    expect(contactDefaults({ ...account, region: 'Masvingo', location: 'Gweru' }).region).toBe('Masvingo');
    expect(contactDefaults({ ...account, location: 'Beitbridge, Zimbabwe' })).toMatchObject({ region: 'Harare', area: 'Beitbridge' });
  });

  it('opens a published listing for editing, its area split from the location', () => {
    const v = {
      vehicle_type: 'car',
      make: 'Honda',
      model: 'Fit',
      variant: null,
      year: 2014,
      price: 6500,
      mileage: null,
      engine_size: 1.3,
      fuel_type: 'petrol',
      transmission: 'automatic',
      condition: 'used',
      category: 'hatchback',
      car_category: 'hatchback',
      color: 'Silver',
      description: null,
      features: ['ABS'],
      featured: false,
      subscription_plan: 'standard',
      seller_email: 'a@b.co',
      seller_phone: '077',
      location: 'Avondale, Harare',
      region: 'Harare',
    } as unknown as Vehicle;
    expect(formFromVehicle(v)).toMatchObject({ year: '2014', mileage: '', engine_size: '1.3', area: 'Avondale', region: 'Harare', variant: '' });
    expect(areaOf('Harare', 'Harare')).toBe('Harare');
    expect(areaOf(null, 'Harare')).toBe('');
  });

  it('sends featured on an edit only for an administrator', () => {
    expect(updateBody(complete, ['/media/a.webp'], false)).not.toHaveProperty('featured');
    expect(updateBody({ ...complete, featured: true }, [], true)).toMatchObject({ featured: true, images: [] });
  });

  it('maps API field names to the form fields', () => {
    expect(formFieldOf('year')).toBe('year');
    expect(formFieldOf('car_category')).toBe('category');
    expect(formFieldOf('location')).toBe('area');
    expect(formFieldOf('images.0')).toBe('images');
    expect(formFieldOf('seller_id')).toBeNull();
  });
});

describe('photos', () => {
  const file = (name: string, size = MB, type = 'image/jpeg') => ({ name, size, type });

  it('takes an image by its type or, lacking one, its extension', () => {
    expect(isImageFile(file('car.heic', MB, 'image/heic'))).toBe(true);
    expect(isImageFile(file('car.JPG', MB, ''))).toBe(true);
    for (const ext of ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp']) expect(isImageFile(file(`a.${ext}`, MB, ''))).toBe(true);
    expect(isImageFile(file('notes.pdf', MB, 'application/pdf'))).toBe(false);
    expect(isImageFile(file('jpg', MB, ''))).toBe(false);
  });

  it('refuses non-images and files over 10 MB with the spec messages', () => {
    const { accepted, errors } = checkImageFiles([file('a.jpg'), file('doc.pdf', MB, 'application/pdf'), file('big.png', 10 * MB + 1, 'image/png'), file('edge.png', 10 * MB, 'image/png')], 0);
    expect(accepted.map((f) => f.name)).toEqual(['a.jpg', 'edge.png']);
    expect(errors).toEqual(['doc.pdf: Not a valid image file', 'big.png: File too large (max 10MB)']);
  });

  it('says so when none of the files is valid', () => {
    expect(checkImageFiles([file('doc.pdf', MB, 'application/pdf')], 0).errors).toEqual([
      'doc.pdf: Not a valid image file',
      'No valid image files were found. Please select JPG, PNG, GIF, or WebP files.',
    ]);
  });

  it('keeps at most 8 photos, taking the first that fit', () => {
    const six = Array.from({ length: 6 }, (_, i) => file(`p${i}.jpg`));
    const r = checkImageFiles(six, 4);
    expect(r.accepted.map((f) => f.name)).toEqual(['p0.jpg', 'p1.jpg', 'p2.jpg', 'p3.jpg']);
    expect(r.errors).toEqual([`Maximum ${MAX_IMAGES} images allowed. Please remove some images first.`]);
    expect(checkImageFiles([file('x.jpg')], 8)).toEqual({ accepted: [], errors: ['Maximum 8 images allowed. Please remove some images first.'] });
    expect(checkImageFiles(six, 2).errors).toEqual([]);
  });

  it('shrinks the longest side to 1600 px, keeping proportions and never enlarging', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(10000, 3)).toEqual({ width: 1600, height: 1 });
    expect(() => fitWithin(0, 10)).toThrow(RangeError);
  });

  it('keeps the original only when it already fits and is no larger', () => {
    expect(keepOriginal({ width: 1200, height: 800, bytes: 150_000 }, 200_000)).toBe(true);
    expect(keepOriginal({ width: 1200, height: 800, bytes: 250_000 }, 200_000)).toBe(false);
    expect(keepOriginal({ width: 4000, height: 3000, bytes: 100_000 }, 200_000)).toBe(false);
  });

  it('renames a photo for its new type', () => {
    expect(renamedFor('IMG_0042.HEIC', 'image/webp')).toBe('IMG_0042.webp');
    expect(renamedFor('car.png', 'image/jpeg')).toBe('car.jpg');
    expect(renamedFor('', 'image/jpeg')).toBe('photo.jpg');
  });
});

describe('save errors (spec section 8)', () => {
  it('uses a string body as it is', () => {
    expect(saveErrorMessage(400, 'Plate number taken')).toBe('Plate number taken');
  });
  it('uses the detail, joining a list of messages', () => {
    expect(saveErrorMessage(403, { detail: 'You can only change your own listings' })).toBe('You can only change your own listings');
    expect(saveErrorMessage(409, { detail: GENERIC_MESSAGES.idempotencyInProgress })).toBe(OUTBOX_TEXTS.stillProcessing);
    expect(saveErrorMessage(422, { detail: [{ msg: 'Year must be between 1990 and next year' }, { msg: 'price: too big' }] })).toBe('Year must be between 1990 and next year; price: too big');
  });
  it('falls back to the message, then to the status', () => {
    expect(saveErrorMessage(400, { message: 'Bad input' })).toBe('Bad input');
    expect(saveErrorMessage(422, {})).toBe('Validation error: Please check all fields are filled correctly with valid values.');
    expect(saveErrorMessage(503, null)).toBe('Server error. Please try again later.');
    expect(saveErrorMessage(500, '<html>oops</html>')).toBe('Server error. Please try again later.');
    expect(saveErrorMessage(404, null)).toBe('Error saving car. Please try again.');
    expect(saveErrorMessage(null, null)).toBe('Error saving car. Please try again.');
  });
});
