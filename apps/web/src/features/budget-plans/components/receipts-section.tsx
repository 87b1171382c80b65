import { useState } from 'react';
import type { Dispatch } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import {
  OTHER_RECEIPT_KINDS,
  PLAN_NAME_MAX,
  formatPlanPeso,
  type OtherReceiptKind,
  type PlanTotals,
} from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { useGridKeyboard } from '../hooks/use-grid-keyboard.ts';
import type { DraftAction } from '../hooks/use-plan-draft.ts';
import { amountError, formatAmountText, type DraftReceipts } from '../lib/draft.ts';
import { GridSelect, GridText } from './grid-cells.tsx';
import { AmountCell, RemoveCell, SmallGrid, smallCellSx } from './small-grid.tsx';

/**
 * Part I, Receipts Program: the 10% share with the barangay treasurer's written notice and the city
 * or municipal treasurer's certification of income supporting it, and other receipts, each under
 * its row of Part I (fund raising, a balance carried over, donations and grants, other); the
 * total is the ceiling.
 */
export function ReceiptsSection({
  receipts,
  totals,
  readOnly,
  dispatch,
}: {
  receipts: DraftReceipts;
  totals: PlanTotals;
  readOnly: boolean;
  dispatch: Dispatch<DraftAction>;
}) {
  const t = useT();
  const others = receipts.otherReceipts;
  const grid = useGridKeyboard({
    rowCount: others.length,
    onAddRow: readOnly ? undefined : () => dispatch({ type: 'addOtherReceipt' }),
    onRemoveRow: readOnly
      ? undefined
      : (row) => dispatch({ type: 'removeOtherReceipt', index: row }),
  });
  const shareError = amountError(receipts.tenPercentShare, t);
  const [editingShare, setEditingShare] = useState(false);

  return (
    <Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 2,
          mb: 2,
        }}
      >
        <TextField
          label={t('plans.receipts.share')}
          value={
            editingShare ? receipts.tenPercentShare : formatAmountText(receipts.tenPercentShare)
          }
          onFocus={() => setEditingShare(true)}
          onBlur={() => setEditingShare(false)}
          onChange={(e) =>
            dispatch({ type: 'receipts', patch: { tenPercentShare: e.target.value } })
          }
          error={shareError !== null}
          helperText={shareError ?? t('plans.receipts.shareHelp')}
          size="small"
          sx={{ gridColumn: { sm: '1 / -1' } }}
          slotProps={{ htmlInput: { inputMode: 'decimal', readOnly } }}
        />
        <TextField
          label={t('plans.receipts.noticeOn')}
          type="date"
          value={receipts.noticeOn}
          onChange={(e) => dispatch({ type: 'receipts', patch: { noticeOn: e.target.value } })}
          size="small"
          helperText={t('plans.receipts.noticeOnHelp')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { readOnly } }}
        />
        <TextField
          label={t('plans.receipts.noticeBy')}
          value={receipts.noticeBy}
          onChange={(e) => dispatch({ type: 'receipts', patch: { noticeBy: e.target.value } })}
          size="small"
          helperText={t('plans.receipts.noticeByHelp')}
          slotProps={{ htmlInput: { readOnly, maxLength: PLAN_NAME_MAX } }}
        />
        <TextField
          label={t('plans.receipts.certifiedOn')}
          type="date"
          value={receipts.certifiedOn}
          onChange={(e) => dispatch({ type: 'receipts', patch: { certifiedOn: e.target.value } })}
          size="small"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { readOnly } }}
        />
        <TextField
          label={t('plans.receipts.certifiedBy')}
          value={receipts.certifiedBy}
          onChange={(e) => dispatch({ type: 'receipts', patch: { certifiedBy: e.target.value } })}
          size="small"
          helperText={t('plans.receipts.certifiedByHelp')}
          slotProps={{ htmlInput: { readOnly, maxLength: PLAN_NAME_MAX } }}
        />
      </Box>
      <Typography component="h3" sx={{ fontWeight: 700, fontSize: 15, mb: 0.5 }}>
        {t('plans.receipts.others')}
      </Typography>
      <SmallGrid
        label={t('plans.receipts.others')}
        gridRef={grid.ref}
        onKeyDown={grid.onKeyDown}
        columns={[
          { label: t('plans.receipts.column.kind'), width: 128 },
          { label: t('plans.receipts.column.receipt') },
          { label: t('plans.receipts.column.amount'), width: 124, align: 'right' },
          ...(readOnly
            ? []
            : [{ label: t('plans.receipts.column.remove'), width: 72, align: 'center' as const }]),
        ]}
        empty={others.length === 0 ? t('plans.receipts.none') : null}
      >
        {others.map((receipt, index) => (
          <Box component="tr" key={receipt.key}>
            <Box component="td" sx={smallCellSx}>
              <GridSelect
                row={index}
                col={0}
                label={t('plans.receipts.kindOf', { number: String(index + 1) })}
                value={receipt.kind}
                choices={OTHER_RECEIPT_KINDS.map((kind) => ({
                  value: kind,
                  label: t(`plans.receipts.kindShort.${kind}`),
                }))}
                readOnly={readOnly}
                onChange={(kind) =>
                  dispatch({
                    type: 'updateOtherReceipt',
                    index,
                    patch: { kind: kind as OtherReceiptKind },
                  })
                }
              />
            </Box>
            <Box component="td" sx={smallCellSx}>
              <GridText
                row={index}
                col={1}
                label={t('plans.receipts.label', { number: String(index + 1) })}
                value={receipt.label}
                readOnly={readOnly}
                maxLength={PLAN_NAME_MAX}
                error={receipt.label.trim() ? null : t('plans.receipts.labelMissing')}
                onChange={(label) =>
                  dispatch({ type: 'updateOtherReceipt', index, patch: { label } })
                }
              />
            </Box>
            <AmountCell
              row={index}
              col={2}
              label={t('plans.receipts.amount', { number: String(index + 1) })}
              value={receipt.amount}
              readOnly={readOnly}
              onChange={(amount) =>
                dispatch({ type: 'updateOtherReceipt', index, patch: { amount } })
              }
            />
            {readOnly ? null : (
              <RemoveCell
                label={t('plans.receipts.remove', { number: String(index + 1) })}
                onRemove={() => dispatch({ type: 'removeOtherReceipt', index })}
              />
            )}
          </Box>
        ))}
      </SmallGrid>
      {readOnly ? null : (
        <Button
          startIcon={<Add />}
          size="small"
          sx={{ mt: 0.5 }}
          onClick={() => {
            dispatch({ type: 'addOtherReceipt' });
            grid.focusAfterRender(others.length, 0);
          }}
        >
          {t('plans.receipts.add')}
        </Button>
      )}
      <Box
        sx={{
          mt: 2,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'grey.100',
          display: 'flex',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1,
        }}
      >
        <Typography sx={{ fontWeight: 700 }}>{t('plans.receipts.total')}</Typography>
        <Typography sx={{ fontWeight: 800 }} data-testid="total-receipts">
          {formatPlanPeso(totals.receipts)}
        </Typography>
      </Box>
    </Box>
  );
}
