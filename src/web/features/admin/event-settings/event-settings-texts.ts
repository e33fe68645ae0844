// The 'Evento' screen's own texts; the fields' labels and messages are the shared ones
// (src/shared/event-fields.ts), which the API speaks too.
export const eventSettingsTexts = {
  heading: 'Evento',
  intro:
    'O que as páginas públicas, os ingressos, as mensagens e a exportação mostram. Salvar muda tudo na hora, sem reiniciar o servidor.',
  loading: 'Carregando o evento...',
  loadFailed: 'Não foi possível carregar o evento.',
  retry: 'Tentar novamente',
  groups: {
    event: 'O evento',
    landing: 'Página inicial',
    registrations: 'Inscrições',
    thanks: 'Página de agradecimento',
    when: 'Quando',
    where: 'Onde',
    seats: 'Vagas e admissão',
    data: 'Dados e privacidade',
    messages: 'Mensagens',
  },
  help: {
    reminders:
      'Cada pessoa confirmada recebe um lembrete por e-mail (e por WhatsApp, se configurado), de 1 a 168 horas antes do início: 24 é a véspera. Até 3 lembretes; sem nenhum, nada é enviado.',
    tagline: 'Aparece sob o nome, na página inicial e no formulário.',
    logo: 'PNG, JPEG ou WebP, até 2 MB. Aparece nas páginas públicas, no ingresso e nos e-mails, reduzido a no máximo 480 px de largura. Salvo ao enviar.',
    registrationOpen:
      'Desmarcado, as inscrições ficam encerradas na hora: a página inicial e o formulário dizem "Inscrições encerradas" com o e-mail de contato.',
    registrationOpensAt:
      'No fuso do evento. Antes disso, a página inicial diz quando as inscrições abrem. Vazio: já abertas.',
    registrationClosesAt:
      'No fuso do evento. A partir daí, inscrições encerradas. Vazio: sem data.',
    eyebrow: 'Em letras maiúsculas, acima do nome. Vazio: nenhuma.',
    description: (length: number) =>
      `Sob a frase de apresentação; no formulário, só o começo. Uma linha em branco separa parágrafos, e endereços (https://…) viram links. ${length} de 2000 caracteres.`,
    highlights:
      'Até 4 cartões depois do da data (que mostra dia, hora e local), cada um com ícone, título e uma linha de texto.',
    thanksTitle: 'O aviso do formulário repete este título.',
    date: 'No fuso horário do evento.',
    timeZone: 'Digite para buscar na lista (como America/Sao_Paulo).',
    timeThere: (time: string) => `Agora são ${time} nesse fuso.`,
    durationMinutes: 'Usada no convite de agenda do ingresso.',
    organizer: 'Quem coleta os dados, na página de privacidade.',
    contactEmail: 'Para pedidos sobre os dados, na página de privacidade.',
    capacity:
      'Vazio: sem limite. Pessoas confirmadas no máximo. Sem vaga, uma nova inscrição entra na lista de espera e recebe a vaga que se liberar.',
    admission:
      'Com aprovação, você confirma cada inscrição. Automática: confirmada na chegada, com o ingresso enviado, enquanto houver vagas.',
    retentionDays: 'As inscrições são apagadas esse número de dias depois do evento.',
    certificateRetentionYears:
      'Um certificado emitido continua verificável esse número de anos depois da emissão, mesmo com a inscrição apagada: guardamos só o nome, o evento, a data, a carga horária e o código.',
    /** 'Arquivo: inscricoes_build_safe_2025-12-06.csv' */
    csvPrefix: (example: string) => `Arquivo: ${example}`,
  },
  landingIntro: 'O que a página inicial mostra sob o nome do evento.',
  addHighlight: 'Adicionar destaque',
  highlightCard: (position: number) => `Destaque ${position}`,
  removeHighlight: (position: number) => `Remover destaque ${position}`,
  highlightParts: { icon: 'Ícone', title: 'Título', text: 'Texto' },
  thanksIntro:
    'O que a pessoa lê depois de enviar o formulário, conforme o que aconteceu com a inscrição. O site acrescenta por onde o ingresso chega, o link do ingresso ou a posição na lista de espera.',
  thanksParts: { title: 'Título', text: 'Texto' },
  messagesIntro:
    'Os marcadores entre chaves são trocados pelos dados de cada pessoa. Um parágrafo com um marcador sem valor (o link antes de haver ingresso) sai inteiro.',
  placeholdersHeading: 'Marcadores',
  addReminder: 'Adicionar lembrete',
  reminderHours: (position: number) => `Lembrete ${position}: horas antes do início`,
  removeReminder: (position: number) => `Remover lembrete ${position}`,
  preview: 'Prévia',
  /** The person the previews are written to. */
  previewPerson: 'Maria Silva',
  logo: {
    sending: 'Enviando logotipo...',
    remove: 'Remover logotipo',
    removing: 'Removendo...',
    /** '480 × 120 px' */
    size: (width: number, height: number) => `${width} × ${height} px`,
    saved: 'Logotipo salvo!',
    removed: 'Logotipo removido.',
    removeFailed: 'Não foi possível remover o logotipo.',
  },
  /** 'Ver página': the landing and the form with what is typed, not saved, in a new tab. */
  viewPage: 'Ver página',
  viewPageHelp: 'Abre a página inicial como ficará ao salvar, numa nova aba. Nada é publicado.',
  save: 'Salvar',
  saving: 'Salvando...',
  saved: 'Evento salvo!',
  savedDescription: 'As páginas e as mensagens já usam os novos dados.',
  saveFailed: 'Não foi possível salvar o evento.',
  /** The toast when the form holds a field error. */
  fixFields: 'Corrija os campos destacados.',
  unsaved: 'Alterações não salvas.',
  draftRestored: 'Suas alterações ainda não salvas foram recuperadas.',
  discard: 'Descartar alterações',
  /** Saving a date that ends the retention: the registrations it erases at once. */
  erasure: {
    title: 'Apagar inscrições ao salvar?',
    description:
      'Elas não podem ser recuperadas. Se a data não está certa (o ano, por exemplo), volte e corrija.',
    back: 'Voltar',
    confirm: 'Salvar e apagar',
  },
  /** Settings saved in another tab or by another organizer while this form held changes. */
  savedElsewhere:
    'O evento foi salvo em outra tela enquanto você editava: os campos que você não alterou já mostram o que foi salvo; os que você alterou continuam como você digitou.',
  /** Under the server's settings_changed message: reads what was saved, keeping what is typed. */
  reload: 'Recarregar',
  reloading: 'Recarregando...',
  reloadFailed: 'Não foi possível recarregar o evento. Tente novamente.',
} as const;
