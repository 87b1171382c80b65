import { useCallback, useState } from 'react';
import type { TrackerItem, TrackerStatus, UpdateTrackerItemRequest } from '@sk-tanaw/contract';

/** The item's fields the progress form edits; dates as typed ('' for none). */
export interface ProgressFields {
  status: TrackerStatus;
  plannedStart: string;
  plannedEnd: string;
  actualStart: string;
  actualEnd: string;
  accomplishment: string;
  remarks: string;
}

const FIELDS = [
  'status',
  'plannedStart',
  'plannedEnd',
  'actualStart',
  'actualEnd',
  'accomplishment',
  'remarks',
] as const satisfies readonly (keyof ProgressFields)[];

export function progressFieldsOf(item: TrackerItem): ProgressFields {
  return {
    status: item.status,
    plannedStart: item.plannedStart ?? '',
    plannedEnd: item.plannedEnd ?? '',
    actualStart: item.actualStart ?? '',
    actualEnd: item.actualEnd ?? '',
    accomplishment: item.accomplishment,
    remarks: item.remarks,
  };
}

const sameFields = (a: ProgressFields, b: ProgressFields) => FIELDS.every((f) => a[f] === b[f]);

/** The request body: the edits, with the version they started from. */
export function progressBodyOf(draft: ProgressFields, version: number): UpdateTrackerItemRequest {
  const date = (value: string) => (value === '' ? null : value);
  return {
    version,
    status: draft.status,
    plannedStart: date(draft.plannedStart),
    plannedEnd: date(draft.plannedEnd),
    actualStart: date(draft.actualStart),
    actualEnd: date(draft.actualEnd),
    accomplishment: draft.accomplishment,
    remarks: draft.remarks,
  };
}

/** 'The end date must not be before the start date' checks, by the end field they concern. */
export function progressProblems(
  draft: ProgressFields,
  message: string,
): Partial<Record<keyof ProgressFields, string>> {
  const problems: Partial<Record<keyof ProgressFields, string>> = {};
  if (draft.plannedStart && draft.plannedEnd && draft.plannedEnd < draft.plannedStart) {
    problems.plannedEnd = message;
  }
  if (draft.actualStart && draft.actualEnd && draft.actualEnd < draft.actualStart) {
    problems.actualEnd = message;
  }
  return problems;
}

interface DraftState {
  /** The item the edits started from: its version goes with the save. */
  base: TrackerItem;
  draft: ProgressFields;
}

/**
 * The progress form's edits of an item. When the item changes under them (a checkpoint added,
 * a disbursement recorded) and its progress fields are the same as when the edits started, the
 * edits move onto the new version; when someone changed those fields, the edits stay on the old
 * version and the save is refused as stale (409), so nobody's change is silently overwritten.
 */
export function useProgressDraft(item: TrackerItem) {
  const [state, setState] = useState<DraftState>(() => ({
    base: item,
    draft: progressFieldsOf(item),
  }));
  const dirty = !sameFields(state.draft, progressFieldsOf(state.base));

  if (state.base !== item) {
    // Adjusting state to a new answer during render (React's documented pattern).
    if (sameFields(progressFieldsOf(item), progressFieldsOf(state.base))) {
      setState({ base: item, draft: state.draft });
    } else if (!dirty) {
      setState({ base: item, draft: progressFieldsOf(item) });
    }
  }

  const setField = useCallback(
    <K extends keyof ProgressFields>(key: K, value: ProgressFields[K]) => {
      setState((current) => ({ ...current, draft: { ...current.draft, [key]: value } }));
    },
    [],
  );

  /** Starts again from `fresh` (after a save, or a reload that drops the edits). */
  const reset = useCallback((fresh: TrackerItem) => {
    setState({ base: fresh, draft: progressFieldsOf(fresh) });
  }, []);

  return { draft: state.draft, base: state.base, dirty, setField, reset };
}
