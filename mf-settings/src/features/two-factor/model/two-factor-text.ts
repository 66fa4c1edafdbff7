/** At or below this many recovery codes left, the card warns that they are running out. */
export const FEW_CODES_LEFT = 2;

/** The secret in blocks of four characters, as people read and type it. */
export function secretGroups(secret: string): string[] {
  return secret.match(/.{1,4}/g) ?? [];
}

/** The text file 'Скачать' saves: what the codes are for, then one code a line. */
export function recoveryCodesFile(codes: string[], email: string | undefined): string {
  const lines = [
    `Канбан: коды восстановления${email ? ` для ${email}` : ''}`,
    'Введите один из них вместо кода из приложения, если приложение недоступно.',
    'Каждый код срабатывает один раз.',
    '',
    ...codes,
    '',
  ];
  return lines.join('\n');
}

export const RECOVERY_CODES_FILE_NAME = 'kanban-recovery-codes.txt';
