import type { VehicleType } from '@/domain/core/constants';
import { browseOpeningHtml } from '@/domain/search/browseOpening';
import { openingOf } from '@/app/shared/search/openingAnswer';
import { StartupSpinner } from '@/app/shared/shell/Shell';
import { t } from '@/app/shared/i18n/language';

/**
 * What a browse page shows while its screen's code is on its way: the opening results the page
 * already drew (the server's, or the device's last answer: openingAnswer.ts), so nothing flashes
 * between the page and the app's screen; without them the startup spinner.
 */
export function BrowseOpening({ type }: { type: VehicleType }) {
  const opening = openingOf(type);
  // The markup is the domain's own, every value in it escaped there.
  return opening ? <div dangerouslySetInnerHTML={{ __html: browseOpeningHtml(opening, t) }} /> : <StartupSpinner />;
}
