import { useCallback, useLayoutEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';

/**
 * Spreadsheet keys for a table of inputs. Each focusable cell carries `data-grid-row` and
 * `data-grid-col`; the table's container gets `ref` and `onKeyDown`.
 *
 * - Up / Down: the same column in the line above / below (also on lists, which are chosen by
 *   typing or with Alt+Down).
 * - Left / Right: the previous / next cell; from text being edited, only when the caret is at
 *   its start / end (a cell reached by the keyboard has its text selected: the arrows leave it).
 * - Enter: the line below (Shift+Enter: above); on the last line it adds a line.
 * - Ctrl+Delete: removes the line. Alt+Shift+Up / Down: moves the line.
 */
export interface GridKeyboardOptions {
  rowCount: number;
  onAddRow?: () => void;
  onRemoveRow?: (row: number) => void;
  onMoveRow?: (row: number, delta: number) => void;
}

interface Cell {
  row: number;
  col: number;
}

function cellOf(target: EventTarget): (Cell & { element: HTMLElement }) | null {
  if (!(target instanceof HTMLElement)) {
    return null;
  }
  const { gridRow, gridCol } = target.dataset;
  if (gridRow === undefined || gridCol === undefined) {
    return null;
  }
  return { row: Number(gridRow), col: Number(gridCol), element: target };
}

function isTextInput(element: HTMLElement): element is HTMLInputElement {
  return (
    element instanceof HTMLInputElement &&
    ['text', 'search', 'tel', 'url', 'email', 'password', ''].includes(element.type)
  );
}

/** True when Left/Right should leave the cell rather than move the caret. */
function atEdge(element: HTMLElement, key: 'ArrowLeft' | 'ArrowRight'): boolean {
  if (!isTextInput(element)) {
    return true;
  }
  const { selectionStart, selectionEnd, value } = element;
  if (selectionStart === null || selectionEnd === null) {
    return true;
  }
  // A cell arrived at by the keyboard has all its text selected: like a spreadsheet cell not
  // being edited, the arrows leave it at once.
  if (selectionStart === 0 && selectionEnd === value.length) {
    return true;
  }
  if (selectionStart !== selectionEnd) {
    return false;
  }
  return key === 'ArrowLeft' ? selectionStart === 0 : selectionEnd === value.length;
}

export function useGridKeyboard({
  rowCount,
  onAddRow,
  onRemoveRow,
  onMoveRow,
}: GridKeyboardOptions) {
  const ref = useRef<HTMLDivElement>(null);
  const pending = useRef<Cell | null>(null);

  const cellsOfRow = useCallback((row: number): HTMLElement[] => {
    const container = ref.current;
    if (!container) {
      return [];
    }
    return [...container.querySelectorAll<HTMLElement>(`[data-grid-row="${String(row)}"]`)].sort(
      (a, b) => Number(a.dataset.gridCol) - Number(b.dataset.gridCol),
    );
  }, []);

  /** Focuses the cell, or the nearest one of that row when that column is not there. */
  const focusCell = useCallback(
    (row: number, col: number): boolean => {
      const cells = cellsOfRow(row);
      const exact = cells.find((c) => Number(c.dataset.gridCol) === col);
      const nearest =
        exact ??
        [...cells].sort(
          (a, b) =>
            Math.abs(Number(a.dataset.gridCol) - col) - Math.abs(Number(b.dataset.gridCol) - col),
        )[0];
      if (!nearest) {
        return false;
      }
      nearest.focus();
      if (isTextInput(nearest)) {
        nearest.select();
      }
      return true;
    },
    [cellsOfRow],
  );

  // After a line is added, removed or moved, focus follows it once React has drawn the change.
  useLayoutEffect(() => {
    if (pending.current) {
      const { row, col } = pending.current;
      pending.current = null;
      focusCell(row, col);
    }
  });

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const cell = cellOf(event.target);
      if (!cell) {
        return;
      }
      const { row, col, element } = cell;
      const key = event.key;
      const handled = () => {
        event.preventDefault();
        event.stopPropagation();
      };

      if (event.altKey && event.shiftKey && (key === 'ArrowUp' || key === 'ArrowDown')) {
        const delta = key === 'ArrowUp' ? -1 : 1;
        if (onMoveRow && row + delta >= 0 && row + delta < rowCount) {
          handled();
          onMoveRow(row, delta);
          pending.current = { row: row + delta, col };
        }
        return;
      }
      if (event.ctrlKey && key === 'Delete') {
        if (onRemoveRow) {
          handled();
          onRemoveRow(row);
          pending.current = { row: Math.min(row, rowCount - 2), col };
        }
        return;
      }
      // Alt+Down opens a list; other modified keys keep their usual meaning.
      if (event.altKey || event.metaKey) {
        return;
      }
      if (key === 'ArrowUp' || key === 'ArrowDown') {
        handled();
        focusCell(key === 'ArrowUp' ? row - 1 : row + 1, col);
        return;
      }
      if ((key === 'ArrowLeft' || key === 'ArrowRight') && !event.shiftKey) {
        if (!event.ctrlKey && !atEdge(element, key)) {
          return;
        }
        const cells = cellsOfRow(row);
        const index = cells.indexOf(element);
        const target = cells[key === 'ArrowLeft' ? index - 1 : index + 1];
        if (target) {
          handled();
          target.focus();
          if (isTextInput(target)) {
            target.select();
          }
        }
        return;
      }
      if (key === 'Enter' && !event.ctrlKey && !(element instanceof HTMLButtonElement)) {
        handled();
        if (event.shiftKey) {
          focusCell(row - 1, col);
          return;
        }
        if (row + 1 < rowCount) {
          focusCell(row + 1, col);
          return;
        }
        if (onAddRow) {
          onAddRow();
          pending.current = { row: row + 1, col };
        }
      }
    },
    [cellsOfRow, focusCell, onAddRow, onMoveRow, onRemoveRow, rowCount],
  );

  /** Focuses a cell once the next render is on screen (after an add button, say). */
  const focusAfterRender = useCallback((row: number, col: number) => {
    pending.current = { row, col };
  }, []);

  return { ref, onKeyDown, focusCell, focusAfterRender };
}
