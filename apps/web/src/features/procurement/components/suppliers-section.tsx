import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import type { Supplier, SupplierInput } from '@sk-tanaw/contract';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { LineField } from '../../tracker/components/money-fields.tsx';
import { useSaveSupplier, useSuppliers } from '../api.ts';

/** The suppliers the SK buys from: business name, address, TIN, PhilGEPS registration. */
export function SuppliersSection() {
  const t = useT();
  const query = useSuppliers();
  const save = useSaveSupplier();
  const [open, setOpen] = useState<Supplier | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setOpen(null);
    setError(null);
  };
  const heading = t('procurement.suppliers.heading');
  const answer = query.data;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 }, display: 'grid', gap: 1.5 }}>
      <Box
        sx={{
          display: 'flex',
          gap: 1,
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          alignItems: 'center',
        }}
      >
        <Typography component="h2" variant="h6">
          {heading}
        </Typography>
        {answer?.canEdit ? (
          <Button variant="contained" startIcon={<Add />} onClick={() => setOpen('new')}>
            {t('procurement.suppliers.add')}
          </Button>
        ) : null}
      </Box>
      <Typography color="text.secondary">{t('procurement.suppliers.intro')}</Typography>
      {query.isPending ? <CircularProgress aria-label={t('procurement.loading')} /> : null}
      {query.isError ? <Alert severity="error">{errorMessage(query.error)}</Alert> : null}
      {answer && answer.suppliers.length === 0 ? (
        <Typography color="text.secondary">{t('procurement.suppliers.none')}</Typography>
      ) : null}
      {answer && answer.suppliers.length > 0 ? (
        <ScrollRegion label={heading}>
          <Table size="small" aria-label={heading}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {t('procurement.suppliers.field.name')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('procurement.suppliers.field.address')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('procurement.suppliers.field.tin')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('procurement.suppliers.field.philgeps')}
                </TableCell>
                {answer.canEdit ? (
                  <TableCell component="th" scope="col">
                    <Box component="span" sx={visuallyHidden}>
                      {t('procurement.column.actions')}
                    </Box>
                  </TableCell>
                ) : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {answer.suppliers.map((s) => (
                <TableRow key={s.id}>
                  <TableCell component="th" scope="row" sx={{ minWidth: 160 }}>
                    {s.name}
                  </TableCell>
                  <TableCell sx={{ minWidth: 160 }}>{s.address}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{s.tin || '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {s.philgepsNumber || (
                      <Typography component="span" color="error" variant="body2">
                        {t('procurement.suppliers.noPhilgeps')}
                      </Typography>
                    )}
                  </TableCell>
                  {answer.canEdit ? (
                    <TableCell>
                      <Button
                        size="small"
                        onClick={() => setOpen(s)}
                        aria-label={t('procurement.suppliers.editOf', { name: s.name })}
                      >
                        {t('procurement.suppliers.edit')}
                      </Button>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      ) : null}
      {open ? (
        <SupplierDialog
          supplier={open === 'new' ? null : open}
          busy={save.isPending}
          error={error}
          onClose={close}
          onSubmit={(body) =>
            save.mutate(
              { id: open === 'new' ? null : open.id, body },
              {
                onSuccess: (a) => {
                  toast.success(t('procurement.suppliers.saved', { name: a.supplier.name }));
                  close();
                },
                onError: (failure) => setError(errorMessage(failure)),
              },
            )
          }
        />
      ) : null}
    </Paper>
  );
}

function SupplierDialog({
  supplier,
  busy,
  error,
  onClose,
  onSubmit,
}: {
  supplier: Supplier | null;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (body: SupplierInput) => void;
}) {
  const t = useT();
  const [name, setName] = useState(supplier?.name ?? '');
  const [address, setAddress] = useState(supplier?.address ?? '');
  const [tin, setTin] = useState(supplier?.tin ?? '');
  const [philgepsNumber, setPhilgeps] = useState(supplier?.philgepsNumber ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    if (!name.trim() || !address.trim()) {
      setProblem(t('procurement.suppliers.incomplete'));
      return;
    }
    setProblem(null);
    onSubmit({
      name: name.trim(),
      address: address.trim(),
      tin: tin.trim(),
      philgepsNumber: philgepsNumber.trim(),
    });
  };
  return (
    <FormDialog
      open
      title={t(supplier ? 'procurement.suppliers.editTitle' : 'procurement.suppliers.addTitle')}
      submitLabel={t('procurement.save')}
      busy={busy}
      error={problem ?? error}
      onSubmit={submit}
      onClose={onClose}
    >
      <LineField
        label={t('procurement.suppliers.field.name')}
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={200}
      />
      <LineField
        label={t('procurement.suppliers.field.address')}
        required
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        maxLength={300}
      />
      <LineField
        label={t('procurement.suppliers.field.tin')}
        value={tin}
        onChange={(e) => setTin(e.target.value)}
        maxLength={20}
      />
      <LineField
        label={t('procurement.suppliers.field.philgeps')}
        value={philgepsNumber}
        onChange={(e) => setPhilgeps(e.target.value)}
        maxLength={40}
      />
    </FormDialog>
  );
}
