import { useState, type ReactNode } from 'react';
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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import { toast } from '../../../lib/toast.ts';
import type { Turnover } from '@sk-tanaw/contract';
import { DownloadMenu } from '../../../components/download-menu.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatPeso } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { downloadForm, downloadOrder, useSigned, useTurnover } from '../api.ts';
import { NewCouncilSection } from './new-council-section.tsx';
import { RowsSection } from './rows-section.tsx';
import { TeamSection } from './team-section.tsx';

/** A titled table of the pre-filled inventory; "none" when it has no rows. */
function Part({
  id,
  title,
  headers,
  rows,
  numeric = [],
}: {
  id: string;
  title: string;
  headers: string[];
  rows: ReactNode[][];
  numeric?: number[];
}) {
  const t = useT();
  return (
    <Box component="section" aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('shell.turnover.none')}</Typography>
      ) : (
        <ScrollRegion label={title}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {headers.map((h, i) => (
                  <TableCell key={h} align={numeric.includes(i) ? 'right' : 'left'}>
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((cells, r) => (
                <TableRow key={r}>
                  {cells.map((cell, i) => (
                    <TableCell key={i} align={numeric.includes(i) ? 'right' : 'left'}>
                      {cell}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
    </Box>
  );
}

function SignedBox({ turnover }: { turnover: Turnover }) {
  const t = useT();
  const signed = useSigned();
  const [day, setDay] = useState(turnover.asOf);
  if (!turnover.canManage || !turnover.team) {
    return null;
  }
  const mark = (value: string | null) =>
    signed.mutate(value, {
      onSuccess: () =>
        toast.success(
          value === null ? t('shell.turnover.signed.opened') : t('shell.turnover.signed.saved'),
        ),
      onError: (e) => toast.error(errorMessage(e)),
    });
  return turnover.state === 'signed' ? (
    <Button variant="outlined" disabled={signed.isPending} onClick={() => mark(null)}>
      {t('shell.turnover.signed.open')}
    </Button>
  ) : (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <TextField
        size="small"
        type="date"
        id="turnover-signed-on"
        label={t('shell.turnover.signed.on')}
        value={day}
        onChange={(e) => setDay(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button variant="outlined" disabled={signed.isPending} onClick={() => mark(day)}>
        {t('shell.turnover.signed.mark')}
      </Button>
    </Box>
  );
}

/**
 * `/turnover`: the inventory and turnover when a new council takes office. The outgoing
 * chairperson creates the SK Inventory Team by order, sees the inventory SK Tanaw fills in, adds
 * the rows of the physical count and downloads the order and the turnover form.
 */
export function TurnoverPage() {
  const t = useT();
  useDocumentTitle(t('shell.turnover.title'));
  const query = useTurnover();
  if (query.isError) {
    return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  }
  if (!query.data) {
    return <CircularProgress aria-label={t('shell.turnover.loading')} />;
  }
  const turnover = query.data;
  const { inventory } = turnover;
  const peso = (value: number) => formatPeso(value);
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 3 }}>
      <Box>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 800, mb: 0.5 }}>
          {t('shell.turnover.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 900 }}>
          {t('shell.turnover.intro', {
            start: turnover.term.startsOn,
            end: turnover.term.endsOn,
          })}
        </Typography>
        <Typography sx={{ mt: 1, fontWeight: 600 }} data-testid="turnover-state">
          {t(`shell.turnover.state.${turnover.state.replace(' ', '-')}`)}
          {turnover.signedOn ? ` (${turnover.signedOn})` : ''}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <DownloadMenu
          id="turnover-downloads"
          icon={<Download />}
          label={t('shell.turnover.download')}
          preparingLabel={t('shell.turnover.preparing')}
          choices={[
            ...(turnover.team
              ? [{ key: 'order', label: t('shell.turnover.order'), download: downloadOrder }]
              : []),
            { key: 'pdf', label: t('shell.turnover.formPdf'), download: () => downloadForm('pdf') },
            {
              key: 'xlsx',
              label: t('shell.turnover.formXlsx'),
              download: () => downloadForm('xlsx'),
            },
          ]}
        />
        <SignedBox turnover={turnover} />
      </Box>
      <TeamSection key={turnover.team?.updatedAt ?? 'none'} turnover={turnover} />
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 3 }}>
        <Part
          id="turnover-properties"
          title={t('shell.turnover.properties')}
          headers={[
            t('shell.turnover.col.year'),
            t('shell.turnover.col.ppa'),
            t('shell.turnover.col.appropriated'),
            t('shell.turnover.col.committed'),
            t('shell.turnover.col.paid'),
            t('shell.turnover.col.evidence'),
          ]}
          numeric={[2, 3, 4, 5]}
          rows={inventory.properties.map((p) => [
            p.year,
            p.ppa,
            peso(p.appropriated),
            peso(p.committed),
            peso(p.paid),
            p.evidence,
          ])}
        />
        <Part
          id="turnover-balances"
          title={t('shell.turnover.balances')}
          headers={[
            t('shell.turnover.col.year'),
            t('shell.turnover.col.resolution'),
            t('shell.turnover.col.appropriated'),
            t('shell.turnover.col.committed'),
            t('shell.turnover.col.paid'),
            t('shell.turnover.col.unpaid'),
          ]}
          numeric={[2, 3, 4, 5]}
          rows={inventory.balances.map((b) => [
            b.year,
            b.resolutionNumber ?? t('shell.turnover.noPlan'),
            peso(b.appropriated),
            peso(b.committed),
            peso(b.paid),
            peso(b.unpaid),
          ])}
        />
        <Part
          id="turnover-money"
          title={t('shell.turnover.money')}
          headers={[
            t('shell.turnover.col.date'),
            t('shell.turnover.col.reference'),
            t('shell.turnover.col.payee'),
            t('shell.turnover.col.unpaid'),
          ]}
          numeric={[3]}
          rows={inventory.openCommitments.map((c) => [
            c.date,
            c.reference,
            c.payee,
            peso(c.unpaid),
          ])}
        />
        <Part
          id="turnover-documents"
          title={t('shell.turnover.documents')}
          headers={[
            t('shell.turnover.col.year'),
            t('shell.turnover.col.document'),
            t('shell.turnover.col.reference'),
            t('shell.turnover.col.count'),
          ]}
          numeric={[3]}
          rows={inventory.documents.map((d) => [
            d.year ?? '',
            t(`shell.turnover.doc.${d.kind}`),
            d.reference,
            d.count ?? '',
          ])}
        />
      </Paper>
      <RowsSection turnover={turnover} />
      <NewCouncilSection />
    </Box>
  );
}
