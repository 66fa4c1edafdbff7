import type { User } from 'shared-ui';
import { setUpFrontEndTests, storeSession } from 'shared-ui/test-kit';

export const anna: User = {
  id: 7,
  name: 'Анна',
  email: 'anna@example.com',
  gender: 0,
  avatar: null,
  emailReminders: false,
  emailNotifications: 'instant',
};

export function signIn(user: User | null = anna) {
  storeSession('token', { userId: user?.id ?? null, user, userStatus: user ? 'success' : 'default' });
}

setUpFrontEndTests();
