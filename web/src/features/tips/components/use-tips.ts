import { BUILTIN_TIPS } from '#shared/content/builtin-tips';
import { FALLBACK, type ListState, type Tip } from '#shared/content/public-content';
import { mapTips, sortTips } from '#shared/content/tips-content';
import { useContentList } from '../../../lib/content/use-content';

export const BUILTIN_TIPS_SORTED: Tip[] = sortTips(BUILTIN_TIPS);

/** The tips, newest first: the store's, or the built-in ones when it is empty or fails (SPEC 4). */
export function useTips(): ListState<Tip> {
  return useContentList('tips', {
    builtin: BUILTIN_TIPS_SORTED,
    fromRecords: (records) => mapTips(records),
    fallback: FALLBACK.tips,
  });
}
