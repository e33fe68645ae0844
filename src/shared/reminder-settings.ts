// The reminders' settings as plain data, with no zod (the public pages' code imports the default):
// how many, how early, and the pt-BR messages of the schema (reminder-settings.schema.ts).

/** One reminder: sent this many hours before the event starts (issue 35.1). */
export interface ReminderSetting {
  hoursBefore: number;
}

export const reminderLimits = { count: 3, minHours: 1, maxHours: 168 } as const;

/** A fresh install reminds everyone confirmed the day before. */
export const defaultReminders: readonly ReminderSetting[] = [{ hoursBefore: 24 }];

export const reminderMessages = {
  reminders: 'Envie os lembretes como uma lista de até 3 itens, cada um com hoursBefore.',
  tooMany: `Use no máximo ${reminderLimits.count} lembretes.`,
  hoursBefore: `Informe quantas horas antes do início: um número inteiro de ${reminderLimits.minHours} a ${reminderLimits.maxHours} (uma semana).`,
  repeated: 'Dois lembretes com as mesmas horas: deixe um só.',
} as const;
