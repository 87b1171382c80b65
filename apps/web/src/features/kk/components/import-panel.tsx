import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { KkImportResult } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useImportProfiles } from '../api.ts';
import { importProblemText } from '../lib/import-problem-text.ts';

/** The Annex 4 import: a file, whether to skip bad rows, and each bad row named with its reason. */
export function ImportPanel({ reason }: { reason: string }) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [skip, setSkip] = useState(false);
  const [result, setResult] = useState<KkImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useImportProfiles();
  const run = () => {
    if (!file) {
      return;
    }
    setFailure(null);
    upload.mutate(
      { file, skipBadRows: skip, reason },
      {
        onSuccess: setResult,
        onError: (e) => {
          setResult(null);
          setFailure(errorMessage(e));
        },
      },
    );
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="kk-import-heading"
      sx={{ p: 2, mb: 2 }}
    >
      <Typography id="kk-import-heading" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('disclosure.kk.import.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('disclosure.kk.import.help')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <label htmlFor="kk-import-file">{t('disclosure.kk.import.file')}</label>
        <input
          id="kk-import-file"
          type="file"
          accept=".xlsx,.csv"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setResult(null);
          }}
        />
        <FormControlLabel
          control={<Checkbox checked={skip} onChange={(e) => setSkip(e.target.checked)} />}
          label={t('disclosure.kk.import.skip')}
        />
        <Button variant="contained" onClick={run} disabled={!file || upload.isPending}>
          {upload.isPending ? t('disclosure.kk.import.running') : t('disclosure.kk.import.run')}
        </Button>
      </Box>
      {failure ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      ) : null}
      {result ? (
        <Box sx={{ mt: 2 }} role="status">
          <Alert severity={result.success ? 'success' : 'warning'}>
            {result.success
              ? t('disclosure.kk.import.saved', {
                  saved: result.saved,
                  skipped: result.problems.length,
                })
              : t('disclosure.kk.import.refused', {
                  bad: result.problems.length,
                  rows: result.rows,
                })}
          </Alert>
          {result.problems.length > 0 ? (
            <List dense aria-label={t('disclosure.kk.import.problems')}>
              {result.problems.map((p) => (
                <ListItem key={p.row} data-testid="kk-import-problem">
                  {importProblemText(t, p)}
                </ListItem>
              ))}
            </List>
          ) : null}
        </Box>
      ) : null}
    </Paper>
  );
}
