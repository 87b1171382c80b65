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

  it('reads an instant in Manila time, not UTC', () => {
    expect(
      auditValueLines('{"year":2026,"postedAt":"2026-11-21T23:02:00.000Z","postedUntil":null}'),
    ).toEqual(['Year: 2026', 'Posted at: Nov 22, 2026, 7:02 AM', 'Posted until: None']);
    expect(auditValueLines('2026-11-21T07:02:00Z')).toEqual(['Nov 21, 2026, 3:02 PM']);
    // A calendar day is not an instant: it stays as it is.
    expect(auditValueLines('{"heldOn":"2026-11-21"}')).toEqual(['Held on: 2026-11-21']);
  });
});
