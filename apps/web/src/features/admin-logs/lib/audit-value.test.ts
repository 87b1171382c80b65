import { describe, expect, it } from 'vitest';
import { auditValueLines } from './audit-value.ts';

describe('audit values', () => {
  it('reads a JSON object as labelled lines', () => {
    expect(
      auditValueLines('{"role":"SKO (SK Official)","archivedBy":"Andrea Villanueva","file":null}'),
    ).toEqual(['Role: SKO (SK Official)', 'Archived by: Andrea Villanueva', 'File: None']);
  });

  it('keeps plain text and nothing as they are', () => {
    expect(auditValueLines('Pending Review')).toEqual(['Pending Review']);
    expect(auditValueLines(null)).toEqual([]);
    expect(auditValueLines('"quoted"')).toEqual(['quoted']);
  });
});
