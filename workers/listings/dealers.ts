import { summaryAsVehicle } from '@/domain/search/summary';
import type { Dealer } from '@/domain/search/deviceAnswers';
import { device } from './state';

/** The dealers with listings on the device, with their stock count. */
export function dealers(): Dealer[] {
  const index = device.index;
  const by = new Map<string, Dealer>();
  index.forEachSlot((slot, text) => {
    if (text('seller_type') !== 'dealer') return;
    const id = text('seller_id')!;
    let d = by.get(id);
    if (!d) by.set(id, (d = { id, name: text('seller_name') ?? 'Dealer', location: text('seller_location'), count: 0, image: null, verified: false }));
    d.count++;
    if (index.isVerifiedDealer(slot)) d.verified = true;
  });
  // A dealer's picture: the thumbnail of one of its listings with a photo.
  index.forEachSlot((slot, text) => {
    const d = by.get(text('seller_id')!);
    if (d && d.image === null && index.hasPhoto(slot)) d.image = summaryAsVehicle(index.atSlot(slot)).images[0]!;
  });
  return [...by.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}
