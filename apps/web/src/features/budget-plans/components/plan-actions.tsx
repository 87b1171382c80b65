import { useState } from 'react';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast.ts';
import type { BudgetPlan } from '@sk-tanaw/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useT } from '../../../i18n/index.ts';
import { useApprovePlan } from '../api/approve-plan.ts';
import { usePostPlan } from '../api/post-plan.ts';
import { useRevisePlan } from '../api/revise-plan.ts';
import { ApproveDialog, type ApproveValues } from './approve-dialog.tsx';
import { PlanPostingDue } from './posting-schedule.tsx';
import { ReviseDialog, type RevisionKind } from './revise-dialog.tsx';

/**
 * The plan's workflow buttons with their dialogs: approve (a draft, once saved), post (an
 * approved plan) and start a new version (supplemental budget or realignment).
 */
export function PlanActions({
  plan,
  basePath,
  canApprove,
  canPost,
  canRevise,
  dirty,
  failing,
}: {
  plan: BudgetPlan;
  basePath: string;
  canApprove: boolean;
  canPost: boolean;
  canRevise: boolean;
  /** Unsaved edits: approving waits for a save. */
  dirty: boolean;
  /** Titles of the checks that fail, shown before approving. */
  failing: string[];
}) {
  const t = useT();
  const navigate = useNavigate();
  const approve = useApprovePlan();
  const post = usePostPlan();
  const revise = useRevisePlan();
  const [approveOpen, setApproveOpen] = useState(false);
  const [approveError, setApproveError] = useState<string | null>(null);
  const [postOpen, setPostOpen] = useState(false);
  const [reviseOpen, setReviseOpen] = useState(false);
  const [reviseError, setReviseError] = useState<string | null>(null);

  const onApprove = (values: ApproveValues) => {
    setApproveError(null);
    approve.mutate(
      { id: plan.id, ...values },
      {
        onSuccess: () => {
          setApproveOpen(false);
          toast.success(t('plans.editor.toast.approved'));
        },
        onError: (error) => setApproveError(errorMessage(error)),
      },
    );
  };

  const onPost = () => {
    post.mutate(plan.id, {
      onSuccess: () => {
        setPostOpen(false);
        toast.success(t('plans.editor.toast.posted'));
      },
      onError: (error) => {
        setPostOpen(false);
        toast.error(errorMessage(error));
      },
    });
  };

  const onRevise = (kind: RevisionKind) => {
    setReviseError(null);
    revise.mutate(
      { id: plan.id, kind },
      {
        onSuccess: (answer) => {
          setReviseOpen(false);
          toast.success(t('plans.editor.toast.revised'));
          void navigate(`${basePath}/${String(answer.plan.id)}`);
        },
        onError: (error) => setReviseError(errorMessage(error)),
      },
    );
  };

  return (
    <>
      {canApprove ? (
        <Button
          variant="contained"
          color="success"
          disabled={dirty}
          title={dirty ? t('plans.editor.saveBeforeApproving') : undefined}
          onClick={() => {
            setApproveError(null);
            setApproveOpen(true);
          }}
        >
          {t('plans.editor.approve')}
        </Button>
      ) : null}
      {canPost ? (
        <Button variant="contained" color="success" onClick={() => setPostOpen(true)}>
          {t('plans.editor.post')}
        </Button>
      ) : null}
      {canRevise ? (
        <Button
          variant="outlined"
          onClick={() => {
            setReviseError(null);
            setReviseOpen(true);
          }}
        >
          {t('plans.editor.newVersion')}
        </Button>
      ) : null}
      <ApproveDialog
        key={approveOpen ? 'open' : 'closed'}
        open={approveOpen}
        busy={approve.isPending}
        error={approveError}
        failing={failing}
        onSubmit={onApprove}
        onClose={() => setApproveOpen(false)}
      />
      <ConfirmDialog
        open={postOpen}
        title={t('plans.post.title')}
        confirmLabel={t('plans.post.confirm')}
        color="success"
        busy={post.isPending}
        onConfirm={onPost}
        onClose={() => setPostOpen(false)}
      >
        <DialogContentText>{t('plans.post.text', { year: String(plan.year) })}</DialogContentText>
        {postOpen ? <PlanPostingDue year={plan.year} /> : null}
      </ConfirmDialog>
      <ReviseDialog
        open={reviseOpen}
        busy={revise.isPending}
        error={reviseError}
        onSubmit={onRevise}
        onClose={() => setReviseOpen(false)}
      />
    </>
  );
}
