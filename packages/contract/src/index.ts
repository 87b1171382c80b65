export * from './auth.ts';
export * from './barangays.ts';
export * from './common.ts';
export * from './limits.ts';
export * from './password.ts';
export * from './password-recovery.ts';
export * from './policies.ts';
export * from './roles.ts';
