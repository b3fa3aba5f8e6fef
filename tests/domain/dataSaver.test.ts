import { describe, expect, it } from 'vitest';
import { cardThumbUrl, mayFetchInBackground, mayUpdateNow, metering, saveDataOn } from '@/domain/content/dataSaver';
import { dataSizeText } from '@/domain/content/dataScreenTexts';

describe('metered or unmetered', () => {
  it('calls Wi-Fi and Ethernet unmetered, mobile data metered, and anything else unknown', () => {
    expect(metering({ type: 'wifi' })).toBe('unmetered');
    expect(metering({ type: 'ethernet' })).toBe('unmetered');
    expect(metering({ type: 'cellular' })).toBe('metered');
    expect(metering({ type: 'unknown' })).toBe('unknown');
    expect(metering({ type: 'other' })).toBe('unknown');
    expect(metering({})).toBe('unknown');
  });
});

describe('updating the listings by themselves', () => {
  it('goes ahead on any connection when the person allowed any connection', () => {
    for (const type of ['wifi', 'cellular', 'unknown', undefined]) expect(mayUpdateNow({ wifiOnly: false }, { type })).toBe(true);
  });

  it('only on Wi-Fi: updates on Wi-Fi or Ethernet, never on mobile data', () => {
    expect(mayUpdateNow({ wifiOnly: true }, { type: 'wifi' })).toBe(true);
    expect(mayUpdateNow({ wifiOnly: true }, { type: 'ethernet' })).toBe(true);
    expect(mayUpdateNow({ wifiOnly: true }, { type: 'cellular' })).toBe(false);
  });

  it('only on Wi-Fi and the browser does not say which connection: waits for the person (Update now)', () => {
    expect(mayUpdateNow({ wifiOnly: true }, {})).toBe(false);
    expect(mayUpdateNow({ wifiOnly: true }, { type: 'unknown' })).toBe(false);
  });
});

describe('Save data', () => {
  it('is on when the person chose it or the browser asks for it', () => {
    expect(saveDataOn(false, {})).toBe(false);
    expect(saveDataOn(true, {})).toBe(true);
    expect(saveDataOn(false, { saveData: true })).toBe(true);
    expect(saveDataOn(false, { saveData: false })).toBe(false);
  });

  it('asks small thumbnails of the API only, and only under Save-Data', () => {
    expect(cardThumbUrl('/api/vehicles/abc/thumb', true)).toBe('/api/vehicles/abc/thumb?size=small');
    expect(cardThumbUrl('/api/vehicles/abc/thumb', false)).toBe('/api/vehicles/abc/thumb');
    // A stored file ignores the query: asking it would only download the same photo again.
    expect(cardThumbUrl('/media/1234-thumb.webp', true)).toBe('/media/1234-thumb.webp');
    expect(cardThumbUrl('/placeholder-vehicle.svg', true)).toBe('/placeholder-vehicle.svg');
  });

  it('lets code be fetched in the background only on an unmetered connection with Save-Data off', () => {
    expect(mayFetchInBackground(false, { type: 'wifi' })).toBe(true);
    expect(mayFetchInBackground(false, { type: 'ethernet', saveData: false })).toBe(true);
    expect(mayFetchInBackground(true, { type: 'wifi' })).toBe(false);
    expect(mayFetchInBackground(false, { type: 'wifi', saveData: true })).toBe(false);
    expect(mayFetchInBackground(false, { type: 'cellular' })).toBe(false);
    expect(mayFetchInBackground(false, {})).toBe(false);
  });
});

describe('sizes on the data screen', () => {
  it('says KB below a megabyte and MB from one', () => {
    expect(dataSizeText(0)).toBe('0 KB');
    expect(dataSizeText(120)).toBe('1 KB');
    expect(dataSizeText(850_400)).toBe('850 KB');
    expect(dataSizeText(1_250_000)).toBe('1.3 MB');
    expect(dataSizeText(23_600_000)).toBe('24 MB');
    expect(dataSizeText(1_234_000_000)).toBe('1,234 MB');
  });
});
