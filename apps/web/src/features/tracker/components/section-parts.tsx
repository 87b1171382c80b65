import { useState, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import { toast } from '../../../lib/toast.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';

/** What the item page's sections (checkpoints, spending, evidence) share. */

/** The line said in place of an empty list. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" sx={{ mb: 2 }}>
      {children}
    </Typography>
  );
}

/** A column heading, right-aligned over amounts. */
interface Column {
  label: string;
  align?: 'right';
}

/** A table's column headings; with `actions`, a last column for a row's buttons. */
export function ColumnHeads({
  columns,
  actions = false,
}: {
  columns: Column[];
  actions?: boolean;
}) {
  const t = useT();
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => (
          <TableCell key={column.label} component="th" scope="col" align={column.align}>
            {column.label}
          </TableCell>
        ))}
        {actions ? (
          <TableCell component="th" scope="col" align="right">
            {t('tracker.column.actions')}
          </TableCell>
        ) : null}
      </TableRow>
    </TableHead>
  );
}

/** A section's records as table rows under `columns`, or `emptyText` when there are none. */
export function RecordTable({
  label,
  columns,
  actions,
  empty,
  emptyText,
  children,
}: {
  label: string;
  columns: Column[];
  actions: boolean;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  if (empty) {
    return <EmptyNote>{emptyText}</EmptyNote>;
  }
  return (
    <ScrollRegion label={label}>
      <Table size="small" aria-label={label} sx={{ mb: 2 }}>
        <ColumnHeads columns={columns} actions={actions} />
        <TableBody>{children}</TableBody>
      </Table>
    </ScrollRegion>
  );
}

/** A record's edit and delete buttons, named for the record. */
export function EditDeleteButtons({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <IconButton aria-label={editLabel} onClick={onEdit} size="small">
        <Edit fontSize="small" />
      </IconButton>
      <IconButton aria-label={deleteLabel} onClick={onDelete} size="small">
        <Delete fontSize="small" />
      </IconButton>
    </>
  );
}

/** The item mutation that deletes a record by its id. */
interface Removal {
  mutate(id: number, options: { onSuccess: () => void; onError: (failure: Error) => void }): void;
  isPending: boolean;
}

/** Asking before a record is deleted: the record asked about, and the deletion once confirmed. */
export interface Deletion<T> {
  deleting: T | null;
  ask: (record: T) => void;
  cancel: () => void;
  confirm: () => void;
  busy: boolean;
}

/** Deletes the record asked about once confirmed; a toast says `deletedKey` or what went wrong. */
export function useDeletion<T extends { id: number }>(
  remove: Removal,
  deletedKey: string,
): Deletion<T> {
  const t = useT();
  const [deleting, setDeleting] = useState<T | null>(null);
  const confirm = () => {
    if (!deleting) {
      return;
    }
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        toast.success(t(deletedKey));
      },
      onError: (failure) => {
        setDeleting(null);
        toast.error(errorMessage(failure));
      },
    });
  };
  return {
    deleting,
    ask: setDeleting,
    cancel: () => setDeleting(null),
    confirm,
    busy: remove.isPending,
  };
}

/** The "delete this record?" dialog of a `useDeletion`. */
export function DeletionDialog<T>({
  deletion,
  title,
  children,
}: {
  deletion: Deletion<T>;
  title: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <ConfirmDialog
      open={deletion.deleting !== null}
      title={title}
      confirmLabel={t('tracker.delete')}
      color="error"
      busy={deletion.busy}
      onConfirm={deletion.confirm}
      onClose={deletion.cancel}
    >
      {children}
    </ConfirmDialog>
  );
}
