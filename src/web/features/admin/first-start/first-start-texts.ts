// The first start's event screen: its pt-BR texts (the fields' labels are the settings' own,
// src/shared/event-fields.ts).
export const firstStartTexts = {
  title: 'Seu evento',
  intro:
    'Conte o básico: o nome, quando e onde. A página inicial mostra isso assim que você salvar. Textos, vagas e mensagens ficam em Evento, no painel, quando quiser.',
  placeholders: {
    name: 'Ex.: Meetup de Desenvolvedores Recife',
    city: 'Ex.: Recife, PE',
    venue: 'Ex.: Auditório do Porto Digital',
  },
  help: {
    date: 'No fuso horário do evento.',
    timeZone: 'Digite a cidade ou o país para buscar.',
    timeThere: (time: string) => `Agora são ${time} nesse fuso.`,
    phoneCountry:
      'O país já escolhido no campo de WhatsApp do formulário; um número digitado sem o código do país é lido nele.',
  },
  save: 'Salvar e continuar',
  saving: 'Salvando...',
  skip: 'Pular',
  skipping: 'Pulando...',
  skipHelp: 'Pular mantém os dados de exemplo. Tudo pode ser mudado depois em Evento, no painel.',
  saved: 'Evento salvo!',
  savedDescription: 'A página inicial já mostra o seu evento.',
  saveFailed: 'Não foi possível salvar o evento. Tente novamente.',
  skipFailed: 'Não foi possível pular esta etapa. Tente novamente.',
  fixFields: 'Corrija os campos destacados.',
  countries: 'Países',
} as const;
