import { describe, expect, it } from 'vitest';
import { daysLeft, isPublic, listingStatus } from '@/domain/listing/vehicle';
import { vehicleInputSchema } from '@/domain/listing/vehicleInput';
import { allowedPlans, PLAN_TERMS, formatUsd } from '@/domain/payments/fees';
import { displayName, signupSchema } from '@/domain/account/user';
import { initialsOf } from '@/domain/account/displayName';
import { CAR_CATALOGUE, CONSTRUCTION_CATALOGUE, FARMING_CATALOGUE } from '@/domain/catalogue/catalogueData';
import { SAMPLE_LISTINGS, SAMPLE_SELLERS } from '@/server/seed/sampleData';
import { CONSTRUCTION_ENGINE_POWER_BANDS } from '@/domain/core/constants';
import { enginePowerBandHp } from '@/domain/search/filters';

const now = new Date('2026-11-22T12:00:00Z');

describe('listing lifecycle', () => {
  it('is Expired, Active or Pending as in spec section 4', () => {
    expect(listingStatus({ is_expired: true, is_published: true, expires_at: null }, now)).toBe('Expired');
    expect(listingStatus({ is_expired: false, is_published: true, expires_at: '2026-11-22T11:00:00Z' }, now)).toBe('Expired');
    expect(listingStatus({ is_expired: false, is_published: true, expires_at: '2026-11-25T11:00:00Z' }, now)).toBe('Active');
    expect(listingStatus({ is_expired: false, is_published: false, expires_at: null }, now)).toBe('Pending');
  });

  it('counts days left rounded up', () => {
    expect(daysLeft('2026-11-29T12:00:00Z', now)).toBe(7);
    expect(daysLeft('2026-11-22T13:00:00Z', now)).toBe(1);
    expect(daysLeft('2026-11-21T12:00:00Z', now)).toBe(-1);
    expect(daysLeft(null, now)).toBeNull();
  });

  it('is public only when published and unexpired', () => {
    expect(isPublic({ is_published: true, is_expired: false, expires_at: null }, now)).toBe(true);
    expect(isPublic({ is_published: false, is_expired: false, expires_at: null }, now)).toBe(false);
  });
});

describe('listing input', () => {
  const valid = { make: 'Toyota', model: 'Hilux', year: 2019 };
  it('accepts years from 1990 to next year', () => {
    expect(vehicleInputSchema.safeParse({ ...valid, year: 1990 }).success).toBe(true);
    expect(vehicleInputSchema.safeParse({ ...valid, year: new Date().getFullYear() + 1 }).success).toBe(true);
    expect(vehicleInputSchema.safeParse({ ...valid, year: 1989 }).success).toBe(false);
    expect(vehicleInputSchema.safeParse({ ...valid, year: new Date().getFullYear() + 2 }).success).toBe(false);
  });
  it('normalises enum casing and refuses unknown values', () => {
    expect(vehicleInputSchema.parse({ ...valid, fuel_type: 'Diesel' }).fuel_type).toBe('diesel');
    expect(vehicleInputSchema.safeParse({ ...valid, fuel_type: 'coal' }).success).toBe(false);
    expect(vehicleInputSchema.safeParse({ ...valid, mileage: -1 }).success).toBe(false);
  });
});

describe('fees', () => {
  it('charges $1 standard and $2 premium per 7 days; dealers list on premium', () => {
    expect(PLAN_TERMS.standard.priceCents).toBe(100);
    expect(PLAN_TERMS.premium.priceCents).toBe(200);
    expect(PLAN_TERMS.premium.featured).toBe(true);
    expect(allowedPlans('dealer')).toEqual(['premium']);
    expect(allowedPlans('private')).toContain('standard');
    expect(formatUsd(150)).toBe('$1.50');
    expect(formatUsd(200)).toBe('$2');
  });
});

describe('users', () => {
  it("shows the name, else the email, else 'User'", () => {
    expect(displayName({ name: 'Rudo', email: 'r@x.zw' })).toBe('Rudo');
    expect(displayName({ name: '', email: 'r@x.zw' })).toBe('r@x.zw');
    expect(displayName(null)).toBe('User');
  });
  it("writes a name's initials from its first two words, skipping signs", () => {
    expect(initialsOf('Msasa & Sons Motors')).toBe('MS');
    expect(initialsOf('  chipo  ')).toBe('C');
    expect(initialsOf('Ñandu 4x4 Cars')).toBe('Ñ4');
    expect(initialsOf('')).toBe('');
  });
  it('requires passwords of at least 6 characters and never allows admin sign-up', () => {
    const body = { name: 'A', email: 'a@b.zw', phone: '1', location: 'Harare', password: '12345' };
    expect(signupSchema.safeParse(body).error?.issues[0]?.message).toBe('Password must be at least 6 characters long');
    expect(signupSchema.safeParse({ ...body, password: '123456', user_type: 'admin' }).success).toBe(false);
  });
});

describe('catalogue and sample data', () => {
  it('has about 150 car makes with the spec examples and fixed machine lists', () => {
    expect(CAR_CATALOGUE.length).toBeGreaterThanOrEqual(140);
    const a3 = CAR_CATALOGUE.find((m) => m.name === 'Audi')?.models.find((m) => m.name === 'A3');
    expect(a3?.variants).toEqual(expect.arrayContaining(['1.0TFSI', '35TFSI']));
    const s3 = CAR_CATALOGUE.find((m) => m.name === 'BMW')?.models.find((m) => m.name === '3 Series');
    expect(s3?.variants).toEqual(expect.arrayContaining(['318i', '320d']));
    expect(CONSTRUCTION_CATALOGUE.length).toBeGreaterThan(10);
    expect(FARMING_CATALOGUE.length).toBeGreaterThan(10);
  });

  it('seeds listings whose make and model are in the catalogue and whose sellers exist', () => {
    const catalogues = { car: CAR_CATALOGUE, construction: CONSTRUCTION_CATALOGUE, farming: FARMING_CATALOGUE };
    const sellers = new Set(SAMPLE_SELLERS.map((s) => s.key));
    for (const l of SAMPLE_LISTINGS) {
      expect(sellers.has(l.seller), l.seller).toBe(true);
      const make = catalogues[l.vehicle_type].find((m) => m.name === l.make);
      expect(make, `${l.vehicle_type} make ${l.make}`).toBeDefined();
      expect(
        make?.models.some((m) => m.name === l.model),
        `${l.make} ${l.model}`,
      ).toBe(true);
    }
    expect(new Set(SAMPLE_LISTINGS.map((l) => l.vehicle_type))).toEqual(new Set(['car', 'construction', 'farming']));
    expect(SAMPLE_SELLERS.every((s) => s.email.endsWith('@sample.motokari.invalid'))).toBe(true);
  });

  it('gives every construction sample its horsepower, so each engine-power band finds one in the demo', () => {
    const machines = SAMPLE_LISTINGS.filter((l) => l.vehicle_type === 'construction');
    expect(machines.every((l) => l.engine_power_hp !== undefined)).toBe(true);
    for (const band of CONSTRUCTION_ENGINE_POWER_BANDS) {
      const { min, max } = enginePowerBandHp(band);
      expect(
        machines.some((l) => l.engine_power_hp! >= min && (max === undefined || l.engine_power_hp! <= max)),
        band,
      ).toBe(true);
    }
  });
});
