import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { FACEBOOK_BODY_STYLES, FACEBOOK_REQUIRED, FACEBOOK_VEHICLE_FIELDS, GOOGLE_REQUIRED, GOOGLE_VEHICLE_FIELDS } from '@/domain/listing/catalogueFeeds';
import type { Vehicle } from '@/domain/listing/vehicle';
import { farmingBody } from '../support/listingBody';
import { ENGINES, startServer, type TestServer } from './harness';

// The stock feeds a dealer pastes into Facebook's and Google's tools (issue 38): one row per public
// car with a price and a photo, in the providers' published fields and values, the dealer's own or the
// whole market's, answered 304 while nothing changed and regenerated when a listing does.

type Session = Awaited<ReturnType<TestServer['signup']>>;
type Row = Record<string, string>;

describe.each(ENGINES)('%s: stock feeds', (engine) => {
  let s: TestServer;
  let dealer: Session;
  let other: Session;
  let hilux: Vehicle;
  let fit: Vehicle;
  let othersCar: Vehicle;

  beforeAll(async () => {
    s = await startServer(engine);
    dealer = await s.signup({ name: 'Borrowdale Motors', user_type: 'dealer' });
    other = await s.signup({ name: 'Avondale Autos', user_type: 'dealer' });
    const photos = { images: ['/samples/a.jpg', '/samples/b.jpg'] };
    hilux = await s.pay(dealer.token, (await s.draft(dealer.token, { ...photos, description: 'One owner, "full" service history,\nnew tyres' })).id);
    fit = await s.pay(
      dealer.token,
      (
        await s.draft(dealer.token, {
          ...photos,
          make: 'Honda',
          model: 'Fit',
          variant: null,
          year: 2012,
          price: 5200,
          car_category: 'hatchback',
          fuel_type: 'petrol',
          transmission: 'automatic',
          condition: 'new',
        })
      ).id,
    );
    // Not in the feeds: a draft, a tractor, a car with no photo.
    await s.draft(dealer.token, { ...photos, model: 'Land Cruiser' });
    await s.pay(dealer.token, (await s.draft(dealer.token, farmingBody(photos))).id);
    await s.pay(dealer.token, (await s.draft(dealer.token, { model: 'Corolla', images: [] })).id);
    othersCar = await s.pay(other.token, (await s.draft(other.token, { ...photos, make: 'Mazda', model: 'Demio' })).id);
  });
  afterAll(() => s?.close());

  const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });
  const csv = (body: string): Row[] => parse(body, { columns: true, skip_empty_lines: true }) as Row[];
  const tsv = (body: string): Row[] => parse(body, { columns: true, delimiter: '\t', quote: false, skip_empty_lines: true }) as Row[];

  it("gives a dealer's public cars as Facebook's automotive catalogue, in its published fields and values", async () => {
    const res = await get(`/api/feeds/facebook/dealers/${dealer.user.id}/vehicles.csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body.split('\n')[0]!.split(',')).toEqual([...FACEBOOK_VEHICLE_FIELDS]);
    const rows = csv(res.body);
    expect(rows.map((r) => r.vehicle_id).sort()).toEqual([hilux.id, fit.id].sort());
    for (const r of rows) {
      for (const f of FACEBOOK_REQUIRED) expect(r[f], `${f} of ${r.vehicle_id}`).not.toBe('');
      expect(FACEBOOK_BODY_STYLES).toContain(r.body_style);
      expect(['NEW', 'USED', 'CPO']).toContain(r.state_of_vehicle);
      expect(r.availability).toBe('AVAILABLE');
      expect(r.price).toMatch(/^\d+ USD$/);
      expect(r['mileage.unit']).toBe('KM');
      expect(r.url).toBe(`${s.app.ctx.config.publicUrl}/car/${r.vehicle_id}`);
      expect(r['image[0].url']).toMatch(/^https?:\/\/.+\/samples\/a\.jpg$/);
      expect(JSON.parse(r.address!)).toMatchObject({ country: 'ZW' });
    }
    const h = rows.find((r) => r.vehicle_id === hilux.id)!;
    expect([h.title, h.make, h.model, h.year, h.price, h.body_style, h.fuel_type, h.transmission, h.state_of_vehicle]).toEqual([
      '2019 Toyota Hilux 2.8GD-6',
      'Toyota',
      'Hilux',
      '2019',
      '38000 USD',
      'PICKUP',
      'DIESEL',
      'MANUAL',
      'USED',
    ]);
    // A description with quotes, commas and a line break survives the CSV.
    expect(h.description).toBe('One owner, "full" service history,\nnew tyres');
    const f = rows.find((r) => r.vehicle_id === fit.id)!;
    expect([f.body_style, f.state_of_vehicle, f.transmission]).toEqual(['HATCHBACK', 'NEW', 'AUTOMATIC']);
  });

  it('gives the Google Merchant-style feed as TSV, one line per car, no tab or line break inside a value', async () => {
    const res = await get(`/api/feeds/google/dealers/${dealer.user.id}/vehicles.tsv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/tab-separated-values/);
    const lines = res.body.trimEnd().split('\n');
    expect(lines[0]!.split('\t')).toEqual([...GOOGLE_VEHICLE_FIELDS]);
    for (const line of lines) expect(line.split('\t')).toHaveLength(GOOGLE_VEHICLE_FIELDS.length);
    const rows = tsv(res.body);
    expect(rows.map((r) => r.id).sort()).toEqual([hilux.id, fit.id].sort());
    for (const r of rows) for (const field of GOOGLE_REQUIRED) expect(r[field], `${field} of ${r.id}`).not.toBe('');
    const h = rows.find((r) => r.id === hilux.id)!;
    expect([h.price, h.condition, h.mileage, h.availability, h.description]).toEqual(['38000.00 USD', 'used', '85000 km', 'in_stock', 'One owner, "full" service history, new tyres']);
    expect(h.additional_image_link).toMatch(/\/samples\/b\.jpg$/);
  });

  it("the market's feed has every dealer's and seller's public cars; a dealer's has only theirs", async () => {
    const market = csv((await get('/api/feeds/facebook/vehicles.csv')).body).map((r) => r.vehicle_id);
    expect(market).toEqual(expect.arrayContaining([hilux.id, fit.id, othersCar.id]));
    const others = csv((await get(`/api/feeds/facebook/dealers/${other.user.id}/vehicles.csv`)).body).map((r) => r.vehicle_id);
    expect(others).toEqual([othersCar.id]);
  });

  it('answers 304 while nothing changed, and the changed feed once a listing changes', async () => {
    const url = `/api/feeds/facebook/dealers/${dealer.user.id}/vehicles.csv`;
    const first = await get(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"facebook-r\d+"$/);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    const edit = await s.request({ method: 'PUT', url: `/api/vehicles/${fit.id}`, token: dealer.token, body: { price: 4900 } });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await get(url, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(csv(after.body).find((r) => r.vehicle_id === fit.id)!.price).toBe('4900 USD');
  });

  it("refuses an id that is not a dealer's with 404", async () => {
    const privateSeller = await s.signup();
    for (const id of [privateSeller.user.id, 'not-an-id', 'a%00b']) {
      const res = await get(`/api/feeds/google/dealers/${id}/vehicles.tsv`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toHaveProperty('detail');
    }
  });
});
