const rules = new Intl.PluralRules('ru-RU');

/** The Russian form of a word for `count`: 1 → one, 2–4 → few, 5–20 → many ('21 приглашение'). */
export function plural(count: number, forms: { one: string; few: string; many: string }): string {
  const rule = rules.select(count);
  return rule === 'one' ? forms.one : rule === 'few' ? forms.few : forms.many;
}
