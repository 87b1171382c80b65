type T = (id: string, values?: Record<string, unknown>) => string;

/** A proposal status in the language shown (the stored value stays the English one). */
export function adminStatusLabel(t: T, status: string): string {
  switch (status) {
    case 'Pending Review':
      return t('admin.projectStatus.pendingReview');
    case 'Revision Requested':
      return t('admin.projectStatus.revisionRequested');
    case 'Proposal Accepted':
      return t('admin.projectStatus.proposalAccepted');
    case 'Proposal Rejected':
      return t('admin.projectStatus.proposalRejected');
    case 'In Compilation':
      return t('admin.projectStatus.inCompilation');
    case "Brgy. Captain's Review":
      return t('admin.projectStatus.captainReview');
    case 'Submitted to LGU':
      return t('admin.projectStatus.submittedToLgu');
    case 'LGU Revision Requested':
      return t('admin.projectStatus.lguRevisionRequested');
    case 'LGU Approval':
      return t('admin.projectStatus.lguApproval');
    case 'LGU Rejected':
      return t('admin.projectStatus.lguRejected');
    default:
      return status;
  }
}
