import { INTL_LOCALE, type Language } from '@/domain/i18n/languages';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * When the listings were last updated, as the sync status line says it: '23 Nov 2026, 16:05' in the
 * device's time (en-GB's medium date and short time). Written out rather than with Intl: the first
 * Intl date formatter of a page loads the browser's date data, about 10 ms on a fast machine, and the
 * status line's module runs in the task that starts the app, before anything is drawn.
 */
export function syncedAtText(date: Date, language: Language = 'en'): string {
  // Shona and isiNdebele: as Intl writes them (the date data is loaded by then, with the language's texts).
  if (language !== 'en') return date.toLocaleString(INTL_LOCALE[language], { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}, ${two(date.getHours())}:${two(date.getMinutes())}`;
}
