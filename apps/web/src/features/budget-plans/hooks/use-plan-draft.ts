import { useReducer, useState } from 'react';
import type { BudgetPlan } from '@sk-tanaw/contract';
import {
  draftFromPlan,
  emptyHonorarium,
  emptyLine,
  emptyOtherReceipt,
  type DraftHonorarium,
  type DraftLine,
  type DraftOtherReceipt,
  type DraftReceipts,
  type PlanDraft,
} from '../lib/draft.ts';

export type DraftAction =
  | { type: 'reset'; plan: BudgetPlan }
  | { type: 'receipts'; patch: Partial<Omit<DraftReceipts, 'otherReceipts'>> }
  | { type: 'addOtherReceipt' }
  | { type: 'updateOtherReceipt'; index: number; patch: Partial<DraftOtherReceipt> }
  | { type: 'removeOtherReceipt'; index: number }
  | { type: 'addLine'; at?: number }
  | { type: 'updateLine'; index: number; patch: Partial<DraftLine> }
  | { type: 'removeLine'; index: number }
  | { type: 'moveLine'; index: number; delta: number }
  | { type: 'addHonorarium' }
  | { type: 'updateHonorarium'; index: number; patch: Partial<DraftHonorarium> }
  | { type: 'removeHonorarium'; index: number };

export interface DraftState {
  draft: PlanDraft;
  /** True once anything was changed since the plan was loaded or saved. */
  dirty: boolean;
}

function replaceAt<T>(list: readonly T[], index: number, patch: Partial<T>): T[] {
  return list.map((item, i) => (i === index ? { ...item, ...patch } : item));
}

function move<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) {
    return [...list];
  }
  const copy = [...list];
  const [item] = copy.splice(index, 1);
  if (item !== undefined) {
    copy.splice(target, 0, item);
  }
  return copy;
}

export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  const { draft } = state;
  const next = (changed: PlanDraft): DraftState => ({ draft: changed, dirty: true });
  switch (action.type) {
    case 'reset':
      return { draft: draftFromPlan(action.plan), dirty: false };
    case 'receipts':
      return next({ ...draft, receipts: { ...draft.receipts, ...action.patch } });
    case 'addOtherReceipt':
      return next({
        ...draft,
        receipts: {
          ...draft.receipts,
          otherReceipts: [...draft.receipts.otherReceipts, emptyOtherReceipt()],
        },
      });
    case 'updateOtherReceipt':
      return next({
        ...draft,
        receipts: {
          ...draft.receipts,
          otherReceipts: replaceAt(draft.receipts.otherReceipts, action.index, action.patch),
        },
      });
    case 'removeOtherReceipt':
      return next({
        ...draft,
        receipts: {
          ...draft.receipts,
          otherReceipts: draft.receipts.otherReceipts.filter((_, i) => i !== action.index),
        },
      });
    case 'addLine': {
      const at = action.at ?? draft.lines.length;
      // A new line takes the program of the line above it: lines are usually typed in groups.
      const above = draft.lines[at - 1];
      const line = emptyLine(above?.program ?? 'YDEP');
      return next({
        ...draft,
        lines: [...draft.lines.slice(0, at), line, ...draft.lines.slice(at)],
      });
    }
    case 'updateLine':
      return next({ ...draft, lines: replaceAt(draft.lines, action.index, action.patch) });
    case 'removeLine':
      return next({ ...draft, lines: draft.lines.filter((_, i) => i !== action.index) });
    case 'moveLine':
      return next({ ...draft, lines: move(draft.lines, action.index, action.delta) });
    case 'addHonorarium':
      return next({
        ...draft,
        honoraria: [
          ...draft.honoraria,
          emptyHonorarium(
            draft.honoraria.some((h) => h.position === 'chairperson') ? 'member' : 'chairperson',
          ),
        ],
      });
    case 'updateHonorarium':
      return next({ ...draft, honoraria: replaceAt(draft.honoraria, action.index, action.patch) });
    case 'removeHonorarium':
      return next({ ...draft, honoraria: draft.honoraria.filter((_, i) => i !== action.index) });
  }
}

/**
 * The editor's draft of `plan`, built again whenever a new answer for the plan arrives (a save, a
 * reload, an approval): the plan's query never refetches on its own, so typing is never lost.
 */
export function usePlanDraft(plan: BudgetPlan) {
  const [state, dispatch] = useReducer(draftReducer, plan, (p) => ({
    draft: draftFromPlan(p),
    dirty: false,
  }));
  const [source, setSource] = useState(plan);
  if (source !== plan) {
    setSource(plan);
    dispatch({ type: 'reset', plan });
  }
  return [state, dispatch] as const;
}
