export type { Gender, User } from 'contract';

/** Status of a form or async operation (SPEC.md section 4). */
export type Status = 'default' | 'loading' | 'processing' | 'success' | 'error';
