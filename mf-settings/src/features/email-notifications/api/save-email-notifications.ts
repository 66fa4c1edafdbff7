import type { EmailNotifications } from 'contract';
import { apiClient, type User } from 'shared-ui';

/**
 * Chooses how mentions and watched tasks come by e-mail, through the profile edit call, which needs
 * the name and e-mail (sent as the user has them, with the reminders choice; the gender, left out,
 * stays as it is).
 */
export function saveEmailNotifications(
  user: Pick<User, 'name' | 'email' | 'emailReminders'>,
  emailNotifications: EmailNotifications,
) {
  return apiClient.put<{ success: boolean }>('/api/auth/edit', {
    name: user.name,
    email: user.email,
    emailReminders: user.emailReminders,
    emailNotifications,
  });
}
