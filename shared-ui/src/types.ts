export type Gender = 1 | 0 | null;

export interface User {
  id: number;
  name: string;
  email: string;
  gender: Gender;
  avatar: string | null;
}

/** Status of a form or async operation (SPEC.md section 4). */
export type Status = 'default' | 'loading' | 'processing' | 'success' | 'error';
