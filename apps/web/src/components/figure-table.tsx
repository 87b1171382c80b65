import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { ScrollRegion } from './scroll-region.tsx';

/** A column of a figure table: its header, right-aligned when the column holds amounts. */
export interface FigureColumn {
  label: ReactNode;
  numeric?: boolean;
}

/**
 * A small table of figures in a named scroll region: the header row, then `children` (the body
 * rows). With a caption the table is named by it, otherwise by `label`.
 */
export function FigureTable({
  label,
  caption,
  columns,
  children,
}: {
  label: string;
  caption?: string;
  columns: FigureColumn[];
  children: ReactNode;
}) {
  return (
    <ScrollRegion label={label}>
      <Table size="small" aria-label={caption === undefined ? label : undefined}>
        {caption === undefined ? null : <caption>{caption}</caption>}
        <TableHead>
          <TableRow>
            {columns.map((column, index) => (
              <TableCell
                key={index}
                component="th"
                scope="col"
                align={column.numeric ? 'right' : undefined}
              >
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </ScrollRegion>
  );
}

/** A chart's figures as a figure table folded under `summary`: the chart's text alternative. */
export function ChartFigures({
  summary,
  ...table
}: {
  summary: string;
  label: string;
  caption: string;
  columns: FigureColumn[];
  children: ReactNode;
}) {
  return (
    <Box component="details" sx={{ mt: 1 }}>
      <Box component="summary" sx={{ cursor: 'pointer', fontWeight: 600 }}>
        {summary}
      </Box>
      <FigureTable {...table} />
    </Box>
  );
}
