import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Download from '@mui/icons-material/Download';
import Save from '@mui/icons-material/Save';
import Verified from '@mui/icons-material/Verified';
import { toast } from '../../../lib/toast.ts';
import {
  PYDP_CENTRES,
  can,
  formatPlanPeso,
  type Cbydp,
  type CbydpRow,
  type PydpCentre,
} from '@sk-tanaw/contract';
import { DownloadMenu } from '../../../components/download-menu.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth/index.ts';
import { centreLabel } from '../../../lib/plan-labels.ts';
import { dateText } from '../../kk-assemblies/components/assemblies-page.tsx';
import { downloadCbydp, useSaveCbydp } from '../api.ts';
import { ApproveDialog } from './approve-dialog.tsx';
import { DueNotice } from './due-notice.tsx';

const blankRow = (centre: PydpCentre): CbydpRow => ({
  centre,
  concern: '',
  objective: '',
  indicator: '',
  targets: ['', '', ''],
  ppas: '',
  budgets: [0, 0, 0],
  responsible: '',
});

type TextKey = 'concern' | 'objective' | 'indicator' | 'ppas' | 'responsible';

/** One centre's rows: every cell a field while a draft is edited, text otherwise. */
function CentreTable({
  plan,
  centre,
  rows,
  editable,
  onChange,
  onRemove,
}: {
  plan: Cbydp;
  centre: PydpCentre;
  rows: { row: CbydpRow; index: number }[];
  editable: boolean;
  onChange: (index: number, row: CbydpRow) => void;
  onRemove: (index: number) => void;
}) {
  const t = useT();
  // Room to type in while editing; read only, the table fits the page when it can.
  const wide = (px: number) => (editable ? px : undefined);
  const years = [0, 1, 2].map((i) => String(plan.startYear + i));
  const name = centreLabel(centre, t);
  const heads = [
    t('plans.cbydp.column.concern'),
    t('plans.cbydp.column.objective'),
    t('plans.cbydp.column.indicator'),
    ...years.map((year) => t('plans.cbydp.column.target', { year })),
    t('plans.cbydp.column.ppas'),
    ...years.map((year) => t('plans.cbydp.column.budget', { year })),
    t('plans.cbydp.column.responsible'),
  ];
  const text = (key: TextKey, label: string, item: { row: CbydpRow; index: number }, n: number) =>
    editable ? (
      <TextField
        value={item.row[key]}
        onChange={(e) => onChange(item.index, { ...item.row, [key]: e.target.value })}
        size="small"
        multiline
        minRows={2}
        fullWidth
        slotProps={{
          htmlInput: {
            'aria-label': t('plans.cbydp.cell', { column: label, row: n, centre: name }),
          },
        }}
      />
    ) : (
      item.row[key]
    );
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('plans.cbydp.centreHeading', { centre: name })}
      </Typography>
      <ScrollRegion label={t('plans.cbydp.centreHeading', { centre: name })}>
        <Table
          size="small"
          aria-label={t('plans.cbydp.centreHeading', { centre: name })}
          // Read only, narrower cell padding lets the eleven columns fit a 1366 px screen.
          sx={editable ? { minWidth: 1500 } : { '& td, & th': { px: 1 } }}
        >
          <TableHead>
            <TableRow>
              {heads.map((h, i) => (
                <TableCell
                  key={h}
                  component="th"
                  scope="col"
                  align={i >= 7 && i <= 9 ? 'right' : 'left'}
                >
                  {h}
                </TableCell>
              ))}
              {editable && (
                <TableCell component="th" scope="col">
                  {t('plans.cbydp.column.actions')}
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((item, n) => (
              <TableRow key={item.index} sx={{ verticalAlign: 'top' }}>
                <TableCell sx={{ minWidth: wide(180) }}>
                  {text('concern', heads[0] ?? '', item, n + 1)}
                </TableCell>
                <TableCell sx={{ minWidth: wide(180) }}>
                  {text('objective', heads[1] ?? '', item, n + 1)}
                </TableCell>
                <TableCell sx={{ minWidth: wide(150) }}>
                  {text('indicator', heads[2] ?? '', item, n + 1)}
                </TableCell>
                {[0, 1, 2].map((y) => (
                  <TableCell key={`t${String(y)}`} sx={{ minWidth: wide(110) }}>
                    {editable ? (
                      <TextField
                        value={item.row.targets[y]}
                        onChange={(e) => {
                          const targets = [...item.row.targets] as CbydpRow['targets'];
                          targets[y] = e.target.value;
                          onChange(item.index, { ...item.row, targets });
                        }}
                        size="small"
                        multiline
                        fullWidth
                        slotProps={{
                          htmlInput: {
                            'aria-label': t('plans.cbydp.cell', {
                              column: heads[3 + y] ?? '',
                              row: n + 1,
                              centre: name,
                            }),
                          },
                        }}
                      />
                    ) : (
                      item.row.targets[y]
                    )}
                  </TableCell>
                ))}
                <TableCell sx={{ minWidth: wide(180) }}>
                  {text('ppas', heads[6] ?? '', item, n + 1)}
                </TableCell>
                {[0, 1, 2].map((y) => (
                  <TableCell key={`b${String(y)}`} align="right" sx={{ minWidth: wide(120) }}>
                    {editable ? (
                      <TextField
                        value={String(item.row.budgets[y])}
                        onChange={(e) => {
                          const value = Number(e.target.value.replace(/[^\d.]/g, ''));
                          const budgets = [...item.row.budgets] as CbydpRow['budgets'];
                          budgets[y] = Number.isFinite(value) ? value : 0;
                          onChange(item.index, { ...item.row, budgets });
                        }}
                        size="small"
                        fullWidth
                        slotProps={{
                          htmlInput: {
                            inputMode: 'decimal',
                            'aria-label': t('plans.cbydp.cell', {
                              column: heads[7 + y] ?? '',
                              row: n + 1,
                              centre: name,
                            }),
                          },
                        }}
                      />
                    ) : (
                      formatPlanPeso(item.row.budgets[y] ?? 0)
                    )}
                  </TableCell>
                ))}
                <TableCell sx={{ minWidth: wide(140) }}>
                  {text('responsible', heads[10] ?? '', item, n + 1)}
                </TableCell>
                {editable && (
                  <TableCell>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => onRemove(item.index)}
                      aria-label={t('plans.cbydp.removeRow', { row: n + 1, centre: name })}
                    >
                      {t('plans.cbydp.remove')}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
    </Box>
  );
}

/** One CBYDP: its rows per centre of participation, saving, approval and downloads. */
export function CbydpEditor({ plan }: { plan: Cbydp }) {
  const t = useT();
  const { user } = useAuth();
  const save = useSaveCbydp();
  const [rows, setRows] = useState<CbydpRow[]>(plan.rows);
  const [assumedOn, setAssumedOn] = useState(plan.officeAssumedOn);
  const [dirty, setDirty] = useState(false);
  const [adding, setAdding] = useState<PydpCentre>('Health');
  const [approving, setApproving] = useState(false);
  // A new version from the server (a save, someone else's) replaces the rows only while there
  // is nothing unsaved: a refetch (the window refocused, the list refreshed) never wipes what
  // the user typed; a stale save then gets its 409. Another plan remounts the editor (its key).
  const [seenVersion, setSeenVersion] = useState(plan.version);
  // The version the rows on screen were read from: what a save says it changes.
  const [baseVersion, setBaseVersion] = useState(plan.version);
  if (plan.version !== seenVersion) {
    setSeenVersion(plan.version);
    if (!dirty) {
      setRows(plan.rows);
      setAssumedOn(plan.officeAssumedOn);
      setBaseVersion(plan.version);
    }
  }
  const editable = plan.status === 'draft' && can(user, 'plan.edit');
  const canApprove = plan.status === 'draft' && can(user, 'plan.approve');
  const change = (next: CbydpRow[]) => {
    setRows(next);
    setDirty(true);
  };
  const centres = PYDP_CENTRES.filter((c) => rows.some((r) => r.centre === c));
  const totals = [0, 1, 2].map(
    (y) => rows.reduce((sum, r) => sum + Math.round((r.budgets[y] ?? 0) * 100), 0) / 100,
  );

  const onSave = () => {
    save.mutate(
      { id: plan.id, version: baseVersion, officeAssumedOn: assumedOn, rows },
      {
        onSuccess: (answer) => {
          setDirty(false);
          setBaseVersion(answer.cbydp.version);
          toast.success(t('plans.cbydp.saved'));
        },
        onError: (e) => toast.error(errorMessage(e)),
      },
    );
  };

  return (
    <TitledSection
      id="cbydp-editor"
      title={t('plans.cbydp.planHeading', { period: plan.period })}
      action={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <DownloadMenu
            id="cbydp-downloads"
            icon={<Download />}
            label={t('plans.cbydp.downloads.button')}
            preparingLabel={t('plans.cbydp.downloads.preparing')}
            choices={[
              {
                key: 'xlsx',
                label: t('plans.cbydp.downloads.excel'),
                download: () => downloadCbydp(plan.id, plan.period, 'xlsx'),
              },
              {
                key: 'pdf',
                label: t('plans.cbydp.downloads.pdf'),
                download: () => downloadCbydp(plan.id, plan.period, 'pdf'),
              },
            ]}
          />
          {editable && (
            <Button
              variant="contained"
              startIcon={<Save />}
              onClick={onSave}
              disabled={!dirty || save.isPending}
            >
              {t('plans.cbydp.save')}
            </Button>
          )}
          {canApprove && (
            <Button
              variant="contained"
              color="success"
              startIcon={<Verified />}
              onClick={() => setApproving(true)}
              disabled={dirty}
            >
              {t('plans.cbydp.approve.button')}
            </Button>
          )}
        </Box>
      }
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Chip
          label={
            plan.status === 'approved'
              ? t('plans.cbydp.status.approved')
              : t('plans.cbydp.status.draft')
          }
          color={plan.status === 'approved' ? 'success' : 'default'}
        />
        {editable ? (
          <TextField
            label={t('plans.cbydp.officeAssumedOn')}
            type="date"
            size="small"
            sx={{ minWidth: 260 }}
            value={assumedOn}
            onChange={(e) => {
              setAssumedOn(e.target.value);
              setDirty(true);
            }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ) : (
          <Typography>
            {t('plans.cbydp.officeAssumedOnText', { date: dateText(plan.officeAssumedOn) })}
          </Typography>
        )}
      </Box>
      <DueNotice plan={plan} />
      {plan.approval && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('plans.cbydp.approvedBy', {
            resolution: plan.approval.resolutionNumber,
            date: dateText(plan.approval.approvedOn),
            assembly: dateText(plan.approval.assembly.heldOn),
            attendance: String(plan.approval.assembly.attendance),
          })}
        </Alert>
      )}
      {dirty && canApprove && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('plans.cbydp.saveFirst')}
        </Alert>
      )}
      {rows.length === 0 && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('plans.cbydp.noRows')}
        </Typography>
      )}
      {centres.map((centre) => (
        <CentreTable
          key={`${centre}-${plan.status}`}
          plan={plan}
          centre={centre}
          rows={rows.map((row, index) => ({ row, index })).filter((r) => r.row.centre === centre)}
          editable={editable}
          onChange={(index, row) => change(rows.map((r, i) => (i === index ? row : r)))}
          onRemove={(index) => change(rows.filter((_, i) => i !== index))}
        />
      ))}
      {editable && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2 }}>
          <TextField
            select
            size="small"
            label={t('plans.cbydp.addCentre')}
            value={adding}
            onChange={(e) => setAdding(e.target.value as PydpCentre)}
            sx={{ minWidth: 260 }}
          >
            {PYDP_CENTRES.map((c) => (
              <MenuItem key={c} value={c}>
                {centreLabel(c, t)}
              </MenuItem>
            ))}
          </TextField>
          <Button startIcon={<Add />} onClick={() => change([...rows, blankRow(adding)])}>
            {t('plans.cbydp.addRow')}
          </Button>
        </Box>
      )}
      <Typography sx={{ fontWeight: 700 }}>
        {t('plans.cbydp.totals', {
          first: `${String(plan.startYear)}: ${formatPlanPeso(totals[0] ?? 0)}`,
          second: `${String(plan.startYear + 1)}: ${formatPlanPeso(totals[1] ?? 0)}`,
          third: `${String(plan.startYear + 2)}: ${formatPlanPeso(totals[2] ?? 0)}`,
        })}
      </Typography>
      {approving && (
        <ApproveDialog plan={plan} open={approving} onClose={() => setApproving(false)} />
      )}
    </TitledSection>
  );
}
