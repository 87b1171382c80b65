import { describe, expect, it } from 'vitest';
import { readProposeDraft, saveProposeDraft } from './propose-draft.ts';

describe('the propose form draft', () => {
  it('keeps what was typed across a reload, and forgets an empty form', () => {
    expect(readProposeDraft()).toEqual({
      title: '',
      description: '',
      category: '',
      attempt: null,
    });
    saveProposeDraft({
      title: 'Clean-up drive',
      description: 'The creek',
      category: '',
      attempt: null,
    });
    expect(readProposeDraft()).toEqual({
      title: 'Clean-up drive',
      description: 'The creek',
      category: '',
      attempt: null,
    });
    saveProposeDraft({ title: '', description: '', category: '', attempt: null });
    expect(sessionStorage.length).toBe(0);
    sessionStorage.setItem('sk-tanaw.propose-draft', '{not json');
    expect(readProposeDraft().title).toBe('');
  });

  it("keeps the last attempt's key with the words, and drops a malformed one", () => {
    const attempt = { key: '2b1f6c1e-7a37-4c2e-9d1f-0e9f1b2c3d4e', content: '["x"]' };
    saveProposeDraft({ title: 'Lights', description: 'Court', category: '', attempt });
    expect(readProposeDraft().attempt).toEqual(attempt);
    sessionStorage.setItem(
      'sk-tanaw.propose-draft',
      JSON.stringify({ title: 'Lights', attempt: { key: 7 } }),
    );
    expect(readProposeDraft()).toMatchObject({ title: 'Lights', attempt: null });
    sessionStorage.clear();
  });
});
