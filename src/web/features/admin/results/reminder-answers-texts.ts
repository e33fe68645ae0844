// 'Resultados'' reminders section (issue 35.5): what people answered the reminders, and whether
// those who said they would come did. In the panel's chunk, beside the screen that shows it.
import { counted } from '@shared/plural.ts';

export const reminderAnswersTexts = {
  heading: 'Lembretes',
  reminded: 'Receberam lembrete',
  saidYes: 'Confirmados que responderam “Vou comparecer”',
  cancelledAfter: 'Cancelaram depois de um lembrete',
  seatsPassed: 'Vagas passadas para a lista de espera por esses cancelamentos',
  attendanceHeading: 'Comparecimento por resposta',
  /** The table's columns. */
  answer: 'Resposta',
  confirmedColumn: 'Confirmados',
  cameColumn: 'Compareceram',
  yes: 'Disseram “Vou comparecer”',
  silent: 'Não responderam',
  /** Before the event is over: the split by answer waits for it. */
  afterEvent: 'Depois do evento, aqui aparece quantos de quem confirmou presença compareceram.',
  loading: 'Carregando as respostas aos lembretes...',
  failed: 'Não foi possível carregar as respostas aos lembretes.',
  /** '3 pessoas': a figure's value. */
  people: (count: number) => counted(count, { one: 'pessoa', other: 'pessoas' }),
} as const;
