type T = (id: string, values?: Record<string, unknown>) => string;

/**
 * A proposal status in the language shown (the stored value stays the English one), in the words
 * of the shared status chip (`common` namespace, loaded on every page).
 */
export function projectStatusLabel(t: T, status: string): string {
  switch (status) {
    case 'Pending Review':
      return t('common.projectStatus.pendingReview');
    case 'Revision Requested':
      return t('common.projectStatus.revisionRequested');
    case 'Proposal Accepted':
      return t('common.projectStatus.accepted');
    case 'Proposal Rejected':
      return t('common.projectStatus.rejected');
    case 'In Compilation':
      return t('common.projectStatus.inCompilation');
    case "Brgy. Captain's Review":
      return t('common.projectStatus.captainReview');
    case 'Submitted to LGU':
      return t('common.projectStatus.submittedToLgu');
    case 'LGU Revision Requested':
      return t('common.projectStatus.lguRevisionRequested');
    case 'LGU Approval':
      return t('common.projectStatus.lguApproval');
    case 'LGU Rejected':
      return t('common.projectStatus.lguRejected');
    default:
      return status;
  }
}
