import { useId } from 'react';
import { Checkbox } from 'shared-ui';
import { useSavedSetting } from '../../../shared/use-saved-setting';
import { saveEmailReminders } from '../api/save-email-reminders';

/** The checkbox saves as it is ticked; a failure puts it back and says why. */
export function EmailReminders() {
  const setting = useSavedSetting((user) => user.emailReminders, false, saveEmailReminders);
  const statusId = useId();

  return (
    <div className="reminders__mail">
      <Checkbox
        label="Присылать напоминания о сроках на почту"
        checked={setting.value}
        disabled={!setting.user || setting.busy}
        aria-describedby={statusId}
        onChange={(event) => void setting.change(event.target.checked)}
      />
      <p
        id={statusId}
        className={`reminders__status${setting.failed ? ' reminders__status--error' : ''}`}
        role="status"
      >
        {setting.statusText}
      </p>
    </div>
  );
}
