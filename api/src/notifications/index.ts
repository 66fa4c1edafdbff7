/** Notifications, as the watchers and reminders make them: rows, the mail queue and the bell's count. */

export { MAIL_QUEUE, type MailJob, type NotificationMail } from './plugin.js';
export { insertNotifications, type NewNotification } from './repository.js';
export { announceUnread } from './unread.js';
