// The texts of the registrations' table view and of the switch between cards and table.
import { counted } from '@shared/plural.ts';

const inscricoes = { one: 'inscrição', other: 'inscrições' };

export const registrationTableTexts = {
  layout: {
    label: 'Exibir como',
    cards: 'Cartões',
    table: 'Tabela',
  },
  caption: (count: number) => counted(count, inscricoes),
  selectAll: 'Selecionar todas as inscrições mostradas',
  select: (name: string) => `Selecionar ${name}`,
  columns: {
    name: 'Nome',
    company: 'Empresa',
    phone: 'WhatsApp',
    status: 'Situação',
    messages: 'Mensagens',
    entry: 'Entrada',
    date: 'Inscrição',
  },
  sortBy: (column: string) => `Ordenar por ${column.toLowerCase()}`,
  noMessages: 'Nenhuma',
  notIn: 'Não entrou',
  keyboardHint: 'Use as setas para cima e para baixo para passar de uma linha a outra.',
} as const;
