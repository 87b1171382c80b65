type T = (id: string, values?: Record<string, unknown>) => string;

/** A proposal status in the language shown (the stored value stays the English one). */
export function projectStatusLabel(t: T, status: string): string {
  switch (status) {
    case 'Pending Review':
      return t('projects.status.pendingReview');
    case 'Revision Requested':
      return t('projects.status.revisionRequested');
    case 'Proposal Accepted':
      return t('projects.status.proposalAccepted');
    case 'Proposal Rejected':
      return t('projects.status.proposalRejected');
    case 'In Compilation':
      return t('projects.status.inCompilation');
    case "Brgy. Captain's Review":
      return t('projects.status.captainReview');
    case 'Submitted to LGU':
      return t('projects.status.submittedToLgu');
    case 'LGU Revision Requested':
      return t('projects.status.lguRevisionRequested');
    case 'LGU Approval':
      return t('projects.status.lguApproval');
    case 'LGU Rejected':
      return t('projects.status.lguRejected');
    default:
      return status;
  }
}
