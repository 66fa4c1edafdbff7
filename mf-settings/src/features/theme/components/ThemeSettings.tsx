import { useState } from 'react';
import { readThemeChoice, saveThemeChoice, type ThemeChoice } from 'shared-ui';
import { SettingsCard } from '../../../components/settings-card/SettingsCard';
import './theme-settings.css';

const OPTIONS: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'Системная' },
  { value: 'light', label: 'Светлая' },
  { value: 'dark', label: 'Тёмная' },
];

/** 'Тема': follow the system, or always light or dark. Kept in this browser only, applied at once. */
export function ThemeSettings() {
  const [choice, setChoice] = useState<ThemeChoice>(readThemeChoice);
  const choose = (value: ThemeChoice) => {
    setChoice(value);
    saveThemeChoice(value);
  };
  return (
    <SettingsCard title="Оформление" description="Сохраняется в этом браузере.">
      <fieldset className="theme-settings">
        <legend className="theme-settings__legend">Тема</legend>
        {OPTIONS.map((option) => (
          <label key={option.value} className="theme-settings__choice">
            <input
              type="radio"
              name="theme"
              className="theme-settings__input"
              value={option.value}
              checked={choice === option.value}
              onChange={() => choose(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </fieldset>
    </SettingsCard>
  );
}
