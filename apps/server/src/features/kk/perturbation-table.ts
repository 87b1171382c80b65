// The perturbation table of the KK statistics' cell key method (cell-key.ts), as data.
//
// Source: made for SK Tanaw after the design of the perturbation tables of the Australian Bureau
// of Statistics' TableBuilder and the UK Office for National Statistics' Census 2021 outputs
// (cell key method: a cell's value and its cell key select the noise added). Its rules, which
// the tests check:
// - a cell of 0 stays 0 (no youth is invented in an empty cell);
// - a count from 1 to 4 is never published as itself: it becomes 0 or 5, chosen by the cell key
//   with chances that keep its expected value (1: 5 for 51 keys of 256, 2: 102, 3: 154, 4: 205);
// - counts of 5 and more move by at most 2 and never below 5 (5 only upwards, 6 by one at most);
//   from 7 on the noise is symmetric: -2, -1, 0, +1, +2 for 26, 51, 102, 51, 26 keys of 256.
// Rows: [cell value (7: 7 and above), first cell key, last cell key, noise added]. Cell keys run
// 0-255; each value's rows cover them all once.

/** Cell keys run over 0 to CELL_KEY_RANGE - 1 (record keys too). */
export const CELL_KEY_RANGE = 256;

/** The largest cell value with its own rows; larger values use its rows. */
export const PTABLE_TOP = 7;

export const PERTURBATION_TABLE: readonly (readonly [number, number, number, number])[] = [
  [0, 0, 255, 0],
  [1, 0, 204, -1],
  [1, 205, 255, 4],
  [2, 0, 153, -2],
  [2, 154, 255, 3],
  [3, 0, 101, -3],
  [3, 102, 255, 2],
  [4, 0, 50, -4],
  [4, 51, 255, 1],
  [5, 0, 153, 0],
  [5, 154, 230, 1],
  [5, 231, 255, 2],
  [6, 0, 63, -1],
  [6, 64, 191, 0],
  [6, 192, 255, 1],
  [7, 0, 25, -2],
  [7, 26, 76, -1],
  [7, 77, 178, 0],
  [7, 179, 229, 1],
  [7, 230, 255, 2],
];
