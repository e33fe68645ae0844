// The event settings' fields as plain data, with no zod: their limits, their pt-BR messages and
// labels. The schema (event-settings.schema.ts) is built from these; the panel's form reads them.

export const eventFieldLimits = {
  // Generous: a file EVENT_CONFIG took before these limits existed is imported as it stands.
  name: 200,
  tagline: 500,
  venue: 200,
  city: 200,
  organizer: 200,
  contactEmail: 254,
  csvPrefix: 100,
  /** A week. */
  durationMinutes: 7 * 24 * 60,
  /** A hundred years. */
  retentionDays: 36500,
  /** A century. */
  certificateRetentionYears: 100,
  messageText: 2000,
  /** The landing page's line above the name, its description and its cards (issue 33.1). */
  eyebrow: 80,
  description: 2000,
  highlights: 4,
  highlightTitle: 40,
  highlightText: 80,
  /** The thank-you page's title and text for each outcome (issue 33.6). */
  thanksTitle: 80,
  thanksText: 500,
  /** Seats: far more than any hall holds. */
  capacity: 1_000_000,
} as const;

/**
 * How a registration is admitted: `approval` (the spec's flow: the organizer confirms each one) or
 * `automatic` (first come, first served: confirmed on arrival while seats remain, decision 0130).
 */
export const admissionModes = ['approval', 'automatic'] as const;
export type Admission = (typeof admissionModes)[number];

/** Each way of admitting as the panel names it. */
export const admissionLabels: Record<Admission, string> = {
  approval: 'Com aprovação: a organização confirma cada inscrição',
  automatic: 'Automática: confirmada na chegada, por ordem, enquanto houver vagas',
};

/** The icons a landing card may show: a small set that fits events (drawn by the page). */
export const highlightIcons = [
  'calendar',
  'shield',
  'handshake',
  'microphone',
  'people',
  'lightbulb',
  'coffee',
  'map-pin',
  'certificate',
  'star',
] as const;
export type HighlightIcon = (typeof highlightIcons)[number];

/** One card of the landing page, after the date's. */
export interface Highlight {
  icon: HighlightIcon;
  title: string;
  text: string;
}

/**
 * The landing page's texts as the original event had them: a fresh install shows exactly these
 * (the line above the name is set in capitals by the page).
 */
export const defaultLandingTexts: {
  eyebrow: string;
  description: string;
  highlights: Highlight[];
} = {
  eyebrow: 'Evento presencial de networking',
  description: '',
  highlights: [
    { icon: 'shield', title: 'Segurança em Foco', text: 'Melhores práticas do setor' },
    { icon: 'handshake', title: 'Networking', text: 'Conexões valiosas' },
  ],
};

/**
 * What became of a registration, as its thank-you page says it: `received` (waiting for the
 * organizer's approval), `confirmed` (a seat at once, in automatic admission), `waitlisted` (no
 * seat was left).
 */
export const thanksOutcomes = ['received', 'confirmed', 'waitlisted'] as const;
export type ThanksOutcome = (typeof thanksOutcomes)[number];

/** One outcome's thank-you page: its heading (the form's toast repeats it) and the line under it. */
export interface ThanksText {
  title: string;
  text: string;
}

/**
 * The thank-you pages as a fresh install shows them: `received` is the original's ('Confirmado!'),
 * `waitlisted` what the waiting list's page said before it was a setting.
 */
export const defaultThanksTexts: Record<ThanksOutcome, ThanksText> = {
  received: { title: 'Confirmado!', text: 'Sua inscrição foi realizada com sucesso!' },
  confirmed: {
    title: 'Inscrição confirmada!',
    text: 'Sua vaga está garantida. Seu ingresso já está pronto: mostre o QR code dele na entrada.',
  },
  waitlisted: {
    title: 'Você está na lista de espera',
    text: 'Recebemos sua inscrição, mas as vagas do evento já foram preenchidas.',
  },
};

/** Each outcome as the panel names it. */
export const thanksOutcomeLabels: Record<ThanksOutcome, string> = {
  received: 'Inscrição recebida (aguarda aprovação)',
  confirmed: 'Inscrição confirmada na hora (admissão automática)',
  waitlisted: 'Lista de espera (sem vagas)',
};

/** Each icon as the panel names it. */
export const highlightIconLabels: Record<HighlightIcon, string> = {
  calendar: 'Calendário',
  shield: 'Escudo',
  handshake: 'Aperto de mãos',
  microphone: 'Microfone',
  people: 'Pessoas',
  lightbulb: 'Lâmpada',
  coffee: 'Café',
  'map-pin': 'Alfinete de mapa',
  certificate: 'Certificado',
  star: 'Estrela',
};

/** What the API and the form say about a settings field, in pt-BR. */
export const eventFieldMessages = {
  required: 'Campo obrigatório.',
  tooLong: (max: number) => `Use no máximo ${max} caracteres.`,
  notText: 'Envie este campo como texto.',
  unknownField: 'Campo desconhecido.',
  invalidDate: 'Informe uma data que existe, no formato AAAA-MM-DD (como 2026-12-05).',
  dateOutOfRange: 'Informe uma data entre os anos 2000 e 2099.',
  invalidTime: 'Informe a hora no formato HH:MM, de 00:00 a 23:59 (como 07:30).',
  unknownTimeZone: 'Fuso horário desconhecido: escolha um da lista (como America/Sao_Paulo).',
  durationMinutes: `Informe a duração em minutos: um número inteiro de 1 a ${eventFieldLimits.durationMinutes}.`,
  retentionDays: `Informe por quantos dias guardar os dados: um número inteiro de 1 a ${eventFieldLimits.retentionDays}.`,
  certificateRetentionYears: `Informe por quantos anos guardar os certificados: um número inteiro de 1 a ${eventFieldLimits.certificateRetentionYears}.`,
  csvPrefix: 'Use só letras sem acento, números, _ e - (como inscricoes_build_safe_).',
  invalidEmail: 'Informe um e-mail válido, como nome@exemplo.com.',
  capacity: `Informe o número de vagas: um número inteiro de 1 a ${eventFieldLimits.capacity}, ou deixe vazio para não limitar.`,
  admission:
    'Escolha como as inscrições são admitidas: approval (com aprovação) ou automatic (automática).',
  registrationOpen: 'Envie true (inscrições abertas) ou false (encerradas).',
  logo: 'Envie o logotipo pelo campo Logotipo (PUT /api/admin/event/logo), ou null para nenhum.',
  phoneCountry: 'Escolha um país da lista (código de duas letras, como BR ou US).',
  instant:
    'Informe data e hora com o fuso, no formato ISO 8601 (como 2027-01-10T09:00:00-03:00), ou deixe vazio.',
  closesBeforeOpening: 'O encerramento das inscrições deve ser depois da abertura.',
  highlightIcon: `Escolha um ícone da lista: ${highlightIcons.join(', ')}.`,
  highlights: 'Envie os destaques como uma lista de cartões, cada um com icon, title e text.',
  tooManyHighlights: `Use no máximo ${eventFieldLimits.highlights} destaques.`,
  thanks:
    'Envie os agradecimentos como um objeto com received, confirmed e waitlisted, cada um com title e text.',
  /** 'Nova edição' with the name of an edition that exists (issue 31.11). */
  duplicateEditionName:
    'Já existe uma edição com este nome. Dê à nova edição um nome só dela (por exemplo, com o ano).',
  unknownPlaceholder: (name: string, allowed: readonly string[]) =>
    `Marcador desconhecido: {${name}}. Use ${allowed.map((p) => `{${p}}`).join(', ')}.`,
} as const;

/**
 * Each setting's label in the panel, in pt-BR, and how the history names a changed field: a name,
 * never its help text (issue 31.10); what to type goes in the form's help line.
 */
export const eventFieldLabels = {
  name: 'Nome do evento',
  tagline: 'Frase de apresentação',
  date: 'Data',
  time: 'Horário de início',
  timeZone: 'Fuso horário',
  durationMinutes: 'Duração (minutos)',
  venue: 'Local',
  city: 'Cidade',
  organizer: 'Organização',
  contactEmail: 'E-mail de contato',
  retentionDays: 'Dias de guarda dos dados após o evento',
  certificateRetentionYears: 'Anos de guarda dos certificados',
  csvPrefix: 'Início do nome do arquivo CSV',
  capacity: 'Vagas',
  admission: 'Admissão das inscrições',
  registrationOpen: 'Inscrições abertas',
  phoneCountry: 'País dos telefones (WhatsApp)',
  logo: 'Logotipo',
  registrationOpensAt: 'Abertura das inscrições',
  registrationClosesAt: 'Encerramento das inscrições',
  eyebrow: 'Linha acima do nome',
  description: 'Descrição',
  highlights: 'Destaques',
  thanks: 'Página de agradecimento',
  whatsappMessage: 'Mensagem do WhatsApp (ingresso)',
  receivedEmailIntro: 'Abertura do e-mail de inscrição recebida',
  ticketEmailIntro: 'Abertura do e-mail do ingresso',
  reminders: 'Lembretes',
  certificate: 'Certificado',
  fields: 'Perguntas do formulário original',
  fieldLabels: 'Textos das perguntas do formulário original',
  questions: 'Perguntas da organização',
} as const;

/**
 * A time zone this platform knows (`America/Sao_Paulo`; aliases such as `UTC` too): the same
 * check EVENT_CONFIG always had, so an upgraded site's zone stays valid.
 */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
