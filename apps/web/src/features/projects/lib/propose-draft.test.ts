import { describe, expect, it } from 'vitest';
import { readProposeDraft, saveProposeDraft } from './propose-draft.ts';

describe('the propose form draft', () => {
  it('keeps what was typed across a reload, and forgets an empty form', () => {
    expect(readProposeDraft()).toEqual({ title: '', description: '', category: '' });
    saveProposeDraft({ title: 'Clean-up drive', description: 'The creek', category: '' });
    expect(readProposeDraft()).toEqual({
      title: 'Clean-up drive',
      description: 'The creek',
      category: '',
    });
    saveProposeDraft({ title: '', description: '', category: '' });
    expect(sessionStorage.length).toBe(0);
    sessionStorage.setItem('sk-tanaw.propose-draft', '{not json');
    expect(readProposeDraft().title).toBe('');
  });
});
