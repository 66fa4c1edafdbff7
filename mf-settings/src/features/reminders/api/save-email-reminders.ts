import { apiClient, type User } from 'shared-ui';

/**
 * Turns e-mail reminders on or off through the profile edit call, which needs the name and e-mail
 * (sent as the user has them, with the other e-mail choice; the gender, left out, stays as it is).
 */
export function saveEmailReminders(
  user: Pick<User, 'name' | 'email' | 'emailNotifications'>,
  emailReminders: boolean,
) {
  return apiClient.put<{ success: boolean }>('/api/auth/edit', {
    name: user.name,
    email: user.email,
    emailReminders,
    emailNotifications: user.emailNotifications,
  });
}
