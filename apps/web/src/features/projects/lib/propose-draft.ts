/**
 * The propose form's words kept in the tab's sessionStorage while they are typed: a reload (a
 * phone that drops the page on a weak signal, a tab the browser put to sleep) gives them back.
 * The file is not kept (a browser cannot store it); it is chosen again.
 */
export interface ProposeDraft {
  title: string;
  description: string;
  category: string;
}

const KEY = 'sk-tanaw.propose-draft';
const EMPTY: ProposeDraft = { title: '', description: '', category: '' };

export function readProposeDraft(): ProposeDraft {
  try {
    const stored = JSON.parse(
      sessionStorage.getItem(KEY) ?? 'null',
    ) as Partial<ProposeDraft> | null;
    return {
      title: typeof stored?.title === 'string' ? stored.title : '',
      description: typeof stored?.description === 'string' ? stored.description : '',
      category: typeof stored?.category === 'string' ? stored.category : '',
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
