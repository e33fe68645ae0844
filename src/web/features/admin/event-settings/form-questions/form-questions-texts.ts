// The 'Formulário' section's own texts (issue 34.1, 34.2, 34.5). The defaults of the original's
// questions are the original's words (src/shared/form-questions.ts), not repeated here.
import type { CompanyFieldMode, QuestionKind } from '@shared/form-questions.ts';
import { counted } from '@shared/plural.ts';

export const formQuestionsTexts = {
  legend: 'Formulário',
  intro:
    'O que o formulário de inscrição pergunta depois do nome, do WhatsApp e do e-mail (que os ingressos precisam e continuam obrigatórios). Mudar o texto de uma pergunta ou acrescentar uma opção não muda as respostas já dadas.',
  original: 'Perguntas do formulário original',
  company: 'Nome da empresa',
  companyModes: {
    required: 'Obrigatório',
    optional: 'Opcional',
    hidden: 'Não perguntar',
  } satisfies Record<CompanyFieldMode, string>,
  companyLabel: 'Texto da pergunta da empresa',
  choiceQuestion: {
    levar_alguem: 'Quer levar alguém?',
    confirmacao: 'Confirmação',
  },
  shown: 'Perguntar',
  questionText: 'Texto da pergunta',
  optionText: (n: number) => `Texto da opção ${n}`,
  originalLabelsInvalid:
    'Escreva o texto de cada pergunta e de cada opção, com até 200 caracteres.',
  own: 'Perguntas do organizador',
  ownIntro: (asked: number, max: number) =>
    `${asked} de ${max} perguntas. Elas aparecem depois das do formulário original, nesta ordem.`,
  none: 'Nenhuma pergunta ainda.',
  add: 'Acrescentar pergunta',
  newQuestion: 'Nova pergunta',
  newOption: (n: number) => `Opção ${n}`,
  kinds: {
    text: 'Resposta curta (uma linha)',
    long_text: 'Resposta longa (várias linhas)',
    choice: 'Uma opção da lista',
    choices: 'Várias opções da lista',
    yes_no: 'Sim ou Não',
  } satisfies Record<QuestionKind, string>,
  question: (n: number) => `Pergunta ${n}`,
  kind: 'Tipo de resposta',
  label: 'Pergunta',
  help: 'Explicação (opcional)',
  helpHelp: 'Uma linha sob a pergunta.',
  required: 'Resposta obrigatória',
  options: 'Opções',
  optionsHelp: 'De 2 a 20. Até 6 aparecem como botões; mais que isso, numa lista.',
  option: (n: number, question: string) => `Opção ${n} de “${question}”`,
  addOption: 'Acrescentar opção',
  removeOption: (option: string) => `Remover “${option}”`,
  max: 'Máximo de escolhas',
  maxHelp: 'Vazio: quantas a pessoa quiser.',
  moveUp: (label: string) => `Subir “${label}”`,
  moveDown: (label: string) => `Descer “${label}”`,
  remove: (label: string) => `Remover “${label}”`,
  up: 'Subir',
  down: 'Descer',
  removeShort: 'Remover',
  moved: (label: string, place: number, total: number) =>
    `“${label}” agora é a pergunta ${place} de ${total}.`,
  untitled: 'pergunta sem texto',
  countsFailed: 'Não foi possível saber quantas pessoas responderam. Tente de novo.',
  dialog: {
    questionTitle: 'Retirar esta pergunta?',
    optionTitle: 'Retirar esta opção?',
    question: (label: string, answered: number) =>
      `${counted(answered, { one: 'pessoa já respondeu', other: 'pessoas já responderam' })} “${label}”.`,
    option: (label: string, answered: number) =>
      `${counted(answered, { one: 'pessoa já escolheu', other: 'pessoas já escolheram' })} “${label}”.`,
    description:
      'Ela sai do formulário ao salvar; as respostas já dadas continuam nos cartões e no CSV desta edição.',
    back: 'Voltar',
    confirm: 'Retirar',
  },
  preview: 'Prévia do formulário',
  fixedFields: 'Antes destas perguntas: Nome completo, WhatsApp e E-mail, sempre obrigatórios.',
  previewHelp:
    'Como o formulário fica com o que está escrito acima, antes de salvar. Dá para testar: nada é enviado.',
} as const;
