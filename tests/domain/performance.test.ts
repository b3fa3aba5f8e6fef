import { describe, expect, it } from 'vitest';
import { leadsOf } from '@/domain/listing/leads';
import { performanceCsv, performanceRows, stockTotals, type PerformanceListing } from '@/domain/listing/performance';

const now = new Date('2026-11-28T12:00:00Z');
const today = '2026-11-28';
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();

function listing(id: string, over: Partial<PerformanceListing> = {}): PerformanceListing {
  return {
    id,
    year: 2019,
    make: 'Toyota',
    model: 'Hilux',
    variant: null,
    price: 38000,
    images: ['/media/a-full.webp'],
    is_published: true,
    is_expired: false,
    expires_at: daysAgo(-5),
    sold_at: null,
    price_verdict: { band: 'fair' },
    first_published_at: daysAgo(10),
    stock_number: null,
    ...over,
  };
}

describe('performance rows', () => {
  const rows = [
    { vehicleId: 'a', day: today, kind: 'view' as const, count: 4 },
    { vehicleId: 'a', day: '2026-11-20', kind: 'call' as const, count: 2 },
    { vehicleId: 'a', day: '2026-10-10', kind: 'whatsapp' as const, count: 3 },
    { vehicleId: 'a', day: '2026-11-27', kind: 'share' as const, count: 9 },
    { vehicleId: 'quiet', day: '2026-10-01', kind: 'contact' as const, count: 1 },
  ];
  const leads = new Map(leadsOf(['a', 'quiet', 'b'], rows, today, 90).map((l) => [l.vehicle_id, l]));

  it('counts views and leads over the window chosen; shares are not leads', () => {
    const [week] = performanceRows([listing('a')], leads, 7, now);
    expect(week).toMatchObject({ views: 4, leads: { call: 0, whatsapp: 0 }, leads_total: 0 });
    const [month] = performanceRows([listing('a')], leads, 30, now);
    expect(month).toMatchObject({ views: 4, leads: { call: 2, whatsapp: 0 }, leads_total: 2 });
    const [quarter] = performanceRows([listing('a')], leads, 90, now);
    expect(quarter).toMatchObject({ leads: { call: 2, whatsapp: 3, contact: 0 }, leads_total: 5 });
  });

  it('counts days on market from the first publication to the sale, the expiry or now', () => {
    const out = performanceRows(
      [
        listing('live', { first_published_at: daysAgo(12) }),
        listing('sold', { first_published_at: daysAgo(50), sold_at: daysAgo(20) }),
        listing('expired', { first_published_at: daysAgo(30), expires_at: daysAgo(23) }),
        listing('draft', { is_published: false, first_published_at: null }),
      ],
      leads,
      30,
      now,
    );
    expect(out.map((r) => [r.status, r.days_on_market])).toEqual([
      ['Active', 12],
      ['Sold', 30],
      ['Expired', 7],
      ['Pending', null],
    ]);
  });

  it('says why a live listing needs attention: no photos, a high price, 30 days on market without a lead', () => {
    const out = performanceRows(
      [
        listing('a', { first_published_at: daysAgo(60) }),
        listing('quiet', { first_published_at: daysAgo(60), images: ['/placeholder-vehicle.svg'], price_verdict: { band: 'high' } }),
        listing('b', { first_published_at: daysAgo(10), images: [] }),
        listing('b', { is_published: false, images: [], price_verdict: { band: 'high' } }),
      ],
      leads,
      7,
      now,
    );
    expect(out.map((r) => r.attention)).toEqual([[], ['no_photos', 'price_high', 'no_leads'], ['no_photos'], []]);
  });

  it('does not claim "no leads" before any leads were loaded on the device', () => {
    const [row] = performanceRows([listing('quiet', { first_published_at: daysAgo(60) })], null, 30, now);
    expect(row).toMatchObject({ views: 0, leads_total: 0, attention: [] });
  });

  it("totals the stock, with the median days to sell of the window's sales", () => {
    const listings = [
      listing('a'),
      listing('s1', { first_published_at: daysAgo(40), sold_at: daysAgo(2) }),
      listing('s2', { first_published_at: daysAgo(30), sold_at: daysAgo(20) }),
      listing('s3', { first_published_at: daysAgo(100), sold_at: daysAgo(60) }),
      listing('b', { images: [] }),
    ];
    const month = stockTotals(performanceRows(listings, leads, 30, now), listings, 30, now);
    expect(month).toMatchObject({ live: 2, views: 4, leads_total: 2, attention: 1, median_days_to_sell: 24 });
    expect(stockTotals(performanceRows(listings, leads, 7, now), listings, 7, now).median_days_to_sell).toBe(38);
    expect(stockTotals([], [], 7, now).median_days_to_sell).toBeNull();
  });
});

describe('the CSV export', () => {
  it('has a header naming the window, quotes what needs it, and never starts a cell with a formula', () => {
    const listings = [
      listing('a', { make: '=HYPERLINK("x")', model: 'Hilux, "GD6"', stock_number: '+BM-1', images: [] }),
      listing('b', { price: null, price_verdict: null, first_published_at: null, is_published: false }),
    ];
    const csv = performanceCsv(performanceRows(listings, null, 30, now), 30);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'Stock number,Listing,Status,Price (USD),Days on market,Price verdict,Views (last 30 days),Contact requests (last 30 days),Calls (last 30 days),WhatsApp taps (last 30 days),Messages (last 30 days),Favourites (last 30 days),Leads (last 30 days),Needs attention',
    );
    expect(lines[1]).toBe(`'+BM-1,"2019 =HYPERLINK(""x"") Hilux, ""GD6""",Active,38000,10,Fair price,0,0,0,0,0,0,0,No photos: listings with photos get far more views.`);
    expect(lines[2]).toBe(',2019 Toyota Hilux,Pending,,,,0,0,0,0,0,0,0,');
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(lines).toHaveLength(4);
  });
});
