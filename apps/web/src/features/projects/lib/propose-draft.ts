import { isContentKey, type ContentKey } from '../../../lib/upload-key.ts';

/**
 * The propose form's words kept in the tab's sessionStorage while they are typed: a reload (a
 * phone that drops the page on a weak signal, a tab the browser put to sleep) gives them back.
 * The file is not kept (a browser cannot store it); it is chosen again. With them the key of the
 * last attempt and the content it was sent with (lib/upload-key.ts): sent again unchanged, also
 * after a reload with the same file chosen again, a proposal goes under the same key and the
 * server stores it once.
 */
export interface ProposeDraft {
  title: string;
  description: string;
  category: string;
  attempt: ContentKey | null;
}

const KEY = 'sk-tanaw.propose-draft';
const EMPTY: ProposeDraft = { title: '', description: '', category: '', attempt: null };

export function readProposeDraft(): ProposeDraft {
  try {
    const stored = JSON.parse(
      sessionStorage.getItem(KEY) ?? 'null',
    ) as Partial<ProposeDraft> | null;
    return {
      title: typeof stored?.title === 'string' ? stored.title : '',
      description: typeof stored?.description === 'string' ? stored.description : '',
      category: typeof stored?.category === 'string' ? stored.category : '',
      attempt: isContentKey(stored?.attempt) ? stored.attempt : null,
    };
  } catch {
    return EMPTY;
  }
}

export function saveProposeDraft(draft: ProposeDraft): void {
  try {
    if (!draft.title && !draft.description && !draft.category) {
      sessionStorage.removeItem(KEY);
    } else {
      sessionStorage.setItem(KEY, JSON.stringify(draft));
    }
  } catch {
    // Storage full or blocked: the form still works, without the copy.
  }
}
