import type { ComponentType } from 'react';
import type { Translate } from '@/domain/i18n/text';
import { StartupSpinner } from '@/app/shared/shell/Shell';
import { usePageText } from './usePageText';

/** A content page drawn once its texts are there in the reader's language (at once in English). */
export function withPageText<P extends object>(Inner: ComponentType<P & { tr: Translate }>): ComponentType<P> {
  return function PageWithText(props: P) {
    const tr = usePageText();
    return tr ? <Inner {...props} tr={tr} /> : <StartupSpinner />;
  };
}
