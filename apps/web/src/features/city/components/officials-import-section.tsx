import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import { toast } from '../../../lib/toast.ts';
import type { OfficialsRowErrorItem } from '@sk-tanaw/contract';
import { currentLanguage, useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import {
  downloadOfficialsTemplate,
  rowErrorsOf,
  useAddOfficial,
  useImportOfficials,
} from '../../turnover/officials-api.ts';

/**
 * The city's import of the proclaimed officials of a new council (a .csv or .xlsx; the
 * template to fill) and one official by hand. A refused file lists each row's problems in the
 * reader's language; nothing is imported until every row is good.
 */
export function OfficialsImportSection({
  barangays,
}: {
  barangays: readonly { code: string; name: string }[];
}) {
  const t = useT();
  const upload = useImportOfficials();
  const addOne = useAddOfficial();
  const fileInput = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<OfficialsRowErrorItem[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [one, setOne] = useState({
    barangay: '',
    position: 'SK member',
    name: '',
    email: '',
    mobile: '',
  });
  const failed = (e: unknown) => {
    const rows = rowErrorsOf(e);
    if (rows) {
      setProblems(rows);
    } else {
      toast.error(errorMessage(e));
    }
  };
  const succeeded = (message: string) => {
    setProblems([]);
    setDone(message);
    toast.success(message);
  };
  const onFile = (file: File | undefined) => {
    if (!file) {
      return;
    }
    setDone(null);
    upload.mutate(file, {
      onSuccess: (answer) => succeeded(answer.message),
      onError: failed,
      onSettled: () => {
        if (fileInput.current) {
          fileInput.current.value = '';
        }
      },
    });
  };
  const template = (format: 'csv' | 'xlsx') =>
    void downloadOfficialsTemplate(format).catch((e: unknown) => toast.error(errorMessage(e)));
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }} component="section">
      <Box>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('shell.officials.import.title')}
        </Typography>
        <Typography color="text.secondary">{t('shell.officials.import.intro')}</Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<UploadFile />}
          disabled={upload.isPending}
          onClick={() => fileInput.current?.click()}
        >
          {upload.isPending
            ? t('shell.officials.import.importing')
            : t('shell.officials.import.choose')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept=".csv,.xlsx"
          data-testid="officials-file"
          aria-label={t('shell.officials.import.choose')}
          onChange={(e) => onFile(e.target.files?.[0])}
        />
        <Button startIcon={<Download />} onClick={() => template('xlsx')}>
          {t('shell.officials.import.templateXlsx')}
        </Button>
        <Button startIcon={<Download />} onClick={() => template('csv')}>
          {t('shell.officials.import.templateCsv')}
        </Button>
      </Box>
      {done ? <Alert severity="success">{done}</Alert> : null}
      {problems.length > 0 ? (
        <Box>
          <Alert severity="error" sx={{ mb: 1 }}>
            {t('shell.officials.import.refused', { count: problems.length })}
          </Alert>
          <Table size="small" aria-label={t('shell.officials.import.problems')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('shell.officials.import.row')}</TableCell>
                <TableCell>{t('shell.officials.import.column')}</TableCell>
                <TableCell>{t('shell.officials.import.problem')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {problems.map((p) => (
                <TableRow key={`${String(p.row)}-${p.column}-${p.error}`}>
                  <TableCell>{p.row === 0 ? '' : p.row}</TableCell>
                  <TableCell>{t(`shell.officials.column.${p.column}`)}</TableCell>
                  <TableCell>{t(`shell.officials.error.${p.error}`)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : null}
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          setDone(null);
          addOne.mutate(
            { ...one, language: currentLanguage() },
            {
              onSuccess: (answer) => {
                succeeded(answer.message);
                setOne((o) => ({ ...o, name: '', email: '', mobile: '' }));
              },
              onError: failed,
            },
          );
        }}
        sx={{ display: 'grid', gap: 1.5 }}
      >
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('shell.officials.one.title')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', md: '1.6fr 1.8fr 2fr 2fr 1.4fr auto' },
            alignItems: 'start',
          }}
        >
          <TextField
            select
            size="small"
            label={t('shell.officials.column.barangay')}
            value={one.barangay}
            onChange={(e) => setOne({ ...one, barangay: e.target.value })}
            required
          >
            {barangays.map((b) => (
              <MenuItem key={b.code} value={b.code}>
                {b.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('shell.officials.column.position')}
            value={one.position}
            onChange={(e) => setOne({ ...one, position: e.target.value })}
          >
            <MenuItem value="SK chairperson">{t('shell.officials.chair')}</MenuItem>
            <MenuItem value="SK member">{t('shell.officials.member')}</MenuItem>
          </TextField>
          <TextField
            size="small"
            label={t('shell.officials.name')}
            value={one.name}
            onChange={(e) => setOne({ ...one, name: e.target.value })}
            required
          />
          <TextField
            size="small"
            type="email"
            label={t('shell.officials.email')}
            value={one.email}
            onChange={(e) => setOne({ ...one, email: e.target.value })}
            required
          />
          <TextField
            size="small"
            label={t('shell.officials.mobile')}
            value={one.mobile}
            onChange={(e) => setOne({ ...one, mobile: e.target.value })}
          />
          <Button type="submit" variant="outlined" disabled={addOne.isPending}>
            {t('shell.officials.one.add')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
