/** Table types for Kysely, as the migrations leave the schema. Only repositories use them. */
import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  gender: number | null;
  avatar: string | null;
  password_hash: string;
  token_version: Generated<number>;
  created_at: Generated<Date>;
}

export interface PasswordResetsTable {
  id: string;
  user_id: number | null;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Date;
  validated_at: Date | null;
  completed_at: Date | null;
  created_at: Generated<Date>;
}

export interface Database {
  users: UsersTable;
  password_resets: PasswordResetsTable;
}
