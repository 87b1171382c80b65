/** Query keys of the projects feature; mutations invalidate by these. */
export const projectKeys = {
  all: ['projects'] as const,
  own: (userId: number) => ['projects', 'own', userId] as const,
  review: () => ['projects', 'review'] as const,
  history: (projectId: number) => ['projects', 'history', projectId] as const,
};
