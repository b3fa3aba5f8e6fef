import { openingLanguageScript } from '../i18n/openingLanguage';
import { openingScript } from '../search/browseOpening';

/**
 * The pages' one inline script, right after #root: the device's last browse results where the page
 * came with none (browseOpening.ts), then the opening's words in the visitor's language
 * (openingLanguage.ts). The server's content security policy allows it by its hash.
 */
export const firstScript = (): string => `${openingScript()};${openingLanguageScript()}`;
