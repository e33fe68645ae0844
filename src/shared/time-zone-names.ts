// Time zones as people name them (issue 33.4, decision 0226): Brazil's four first, by the names
// Brazilians give them, then any zone found by a city's or a country's name in pt-BR ('Lisboa',
// 'Nova York'), and still any IANA name the platform knows. A small table of our own: the
// platform lists IANA names only, in English, and knows no 'Horário de Brasília'.

export interface NamedTimeZone {
  /** The IANA zone saved in the settings. */
  zone: string;
  /** What the list shows. */
  label: string;
  /** Other names it is found by (cities, states, countries), in pt-BR. */
  names: readonly string[];
  /** The country whose phones the event's form reads by default, when there is one. */
  country?: string;
}

/** Offered first, in this order. */
export const brazilianTimeZones: readonly NamedTimeZone[] = [
  {
    zone: 'America/Sao_Paulo',
    label: 'Horário de Brasília (São Paulo, Rio, BH, Recife, Salvador…)',
    names: [
      'Brasília',
      'Brasil',
      'São Paulo',
      'Rio de Janeiro',
      'Belo Horizonte',
      'Recife',
      'Salvador',
      'Fortaleza',
      'Curitiba',
      'Porto Alegre',
      'Goiânia',
      'Belém',
      'Natal',
      'João Pessoa',
      'Maceió',
      'Aracaju',
      'Teresina',
      'São Luís',
      'Florianópolis',
      'Vitória',
      'Campinas',
      'Palmas',
      'Macapá',
    ],
    country: 'BR',
  },
  {
    zone: 'America/Manaus',
    label: 'Horário do Amazonas (Manaus…)',
    names: ['Amazonas', 'Manaus', 'Porto Velho', 'Boa Vista', 'Rondônia', 'Roraima'],
    country: 'BR',
  },
  { zone: 'America/Rio_Branco', label: 'Acre', names: ['Rio Branco'], country: 'BR' },
  { zone: 'America/Noronha', label: 'Fernando de Noronha', names: ['Noronha'], country: 'BR' },
];

/** The zones of the rest of the world people most often name, by their pt-BR names. */
const worldTimeZones: readonly NamedTimeZone[] = [
  { zone: 'America/Cuiaba', label: 'Cuiabá', names: ['Mato Grosso'], country: 'BR' },
  {
    zone: 'America/Campo_Grande',
    label: 'Campo Grande',
    names: ['Mato Grosso do Sul'],
    country: 'BR',
  },
  {
    zone: 'Europe/Lisbon',
    label: 'Lisboa',
    names: ['Portugal', 'Porto', 'Coimbra'],
    country: 'PT',
  },
  { zone: 'Atlantic/Azores', label: 'Açores', names: ['Portugal'], country: 'PT' },
  { zone: 'Atlantic/Madeira', label: 'Madeira', names: ['Funchal', 'Portugal'], country: 'PT' },
  {
    zone: 'America/New_York',
    label: 'Nova York',
    names: ['Estados Unidos', 'EUA', 'Boston', 'Miami', 'Washington', 'Orlando', 'Atlanta'],
    country: 'US',
  },
  {
    zone: 'America/Chicago',
    label: 'Chicago',
    names: ['Estados Unidos', 'Houston', 'Dallas'],
    country: 'US',
  },
  { zone: 'America/Denver', label: 'Denver', names: ['Estados Unidos'], country: 'US' },
  {
    zone: 'America/Los_Angeles',
    label: 'Los Angeles',
    names: ['Estados Unidos', 'São Francisco', 'Califórnia', 'Seattle', 'Las Vegas'],
    country: 'US',
  },
  {
    zone: 'America/Toronto',
    label: 'Toronto',
    names: ['Canadá', 'Montreal', 'Ottawa'],
    country: 'CA',
  },
  { zone: 'America/Mexico_City', label: 'Cidade do México', names: ['México'], country: 'MX' },
  {
    zone: 'America/Argentina/Buenos_Aires',
    label: 'Buenos Aires',
    names: ['Argentina'],
    country: 'AR',
  },
  { zone: 'America/Montevideo', label: 'Montevidéu', names: ['Uruguai'], country: 'UY' },
  { zone: 'America/Asuncion', label: 'Assunção', names: ['Paraguai'], country: 'PY' },
  { zone: 'America/Santiago', label: 'Santiago', names: ['Chile'], country: 'CL' },
  { zone: 'America/Lima', label: 'Lima', names: ['Peru'], country: 'PE' },
  { zone: 'America/Bogota', label: 'Bogotá', names: ['Colômbia'], country: 'CO' },
  { zone: 'America/Caracas', label: 'Caracas', names: ['Venezuela'], country: 'VE' },
  { zone: 'America/La_Paz', label: 'La Paz', names: ['Bolívia'], country: 'BO' },
  { zone: 'America/Guayaquil', label: 'Quito', names: ['Equador', 'Guayaquil'], country: 'EC' },
  { zone: 'Europe/London', label: 'Londres', names: ['Reino Unido', 'Inglaterra'], country: 'GB' },
  { zone: 'Europe/Dublin', label: 'Dublin', names: ['Irlanda'], country: 'IE' },
  { zone: 'Europe/Madrid', label: 'Madri', names: ['Espanha', 'Barcelona'], country: 'ES' },
  { zone: 'Europe/Paris', label: 'Paris', names: ['França'], country: 'FR' },
  { zone: 'Europe/Berlin', label: 'Berlim', names: ['Alemanha', 'Munique'], country: 'DE' },
  { zone: 'Europe/Rome', label: 'Roma', names: ['Itália', 'Milão'], country: 'IT' },
  {
    zone: 'Europe/Amsterdam',
    label: 'Amsterdã',
    names: ['Holanda', 'Países Baixos'],
    country: 'NL',
  },
  { zone: 'Europe/Brussels', label: 'Bruxelas', names: ['Bélgica'], country: 'BE' },
  { zone: 'Europe/Zurich', label: 'Zurique', names: ['Suíça', 'Genebra'], country: 'CH' },
  { zone: 'Europe/Moscow', label: 'Moscou', names: ['Rússia'], country: 'RU' },
  { zone: 'Africa/Luanda', label: 'Luanda', names: ['Angola'], country: 'AO' },
  { zone: 'Africa/Maputo', label: 'Maputo', names: ['Moçambique'], country: 'MZ' },
  { zone: 'Atlantic/Cape_Verde', label: 'Praia', names: ['Cabo Verde'], country: 'CV' },
  { zone: 'Africa/Johannesburg', label: 'Joanesburgo', names: ['África do Sul'], country: 'ZA' },
  { zone: 'Asia/Dubai', label: 'Dubai', names: ['Emirados Árabes Unidos'], country: 'AE' },
  { zone: 'Asia/Jerusalem', label: 'Jerusalém', names: ['Israel', 'Tel Aviv'], country: 'IL' },
  { zone: 'Asia/Kolkata', label: 'Nova Délhi', names: ['Índia', 'Mumbai'], country: 'IN' },
  { zone: 'Asia/Shanghai', label: 'Pequim', names: ['China', 'Xangai'], country: 'CN' },
  { zone: 'Asia/Tokyo', label: 'Tóquio', names: ['Japão'], country: 'JP' },
  { zone: 'Asia/Seoul', label: 'Seul', names: ['Coreia do Sul'], country: 'KR' },
  { zone: 'Asia/Singapore', label: 'Singapura', names: [], country: 'SG' },
  { zone: 'Australia/Sydney', label: 'Sydney', names: ['Austrália'], country: 'AU' },
  { zone: 'UTC', label: 'UTC (Tempo Universal Coordenado)', names: ['GMT'] },
];

/** Brazil's other IANA zones: the first start proposes Brazil's phones for them too. */
const otherBrazilianZones = [
  'America/Araguaina',
  'America/Bahia',
  'America/Belem',
  'America/Boa_Vista',
  'America/Eirunepe',
  'America/Fortaleza',
  'America/Maceio',
  'America/Porto_Velho',
  'America/Recife',
  'America/Santarem',
  'America/Cuiaba',
  'America/Campo_Grande',
];

const named = [...brazilianTimeZones, ...worldTimeZones];

/** Lower case, no accents, no punctuation: 'São Paulo' and 'sao_paulo' read alike. */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[_/\-()…,.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One option of the time zone field. */
export interface TimeZoneOption {
  zone: string;
  /** 'Lisboa (Europe/Lisbon)', or the IANA name alone. */
  label: string;
  /** What a search is matched against. */
  haystack: string;
}

/** Every option: Brazil's four, the named ones, then every other zone the platform lists. */
export function timeZoneOptions(platformZones: readonly string[]): TimeZoneOption[] {
  const options: TimeZoneOption[] = named.map(({ zone, label, names }) => ({
    zone,
    label: brazilianTimeZones.some((pinned) => pinned.label === label)
      ? label
      : `${label} (${zone})`,
    haystack: searchable([label, ...names, zone].join(' ')),
  }));
  const listed = new Set(options.map((option) => option.zone));
  for (const zone of platformZones) {
    if (listed.has(zone)) continue;
    listed.add(zone);
    options.push({ zone, label: zone, haystack: searchable(zone) });
  }
  return options;
}

/** The options a search finds, in the list's order; every word typed must be found. */
export function findTimeZones(options: readonly TimeZoneOption[], query: string): TimeZoneOption[] {
  const words = searchable(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => words.every((word) => option.haystack.includes(word)));
}

/** The label the field shows for a saved zone ('Horário de Brasília (…)', or the zone itself). */
export function timeZoneLabel(zone: string): string {
  const pinned = brazilianTimeZones.find((option) => option.zone === zone);
  if (pinned) return pinned.label;
  const other = worldTimeZones.find((option) => option.zone === zone);
  return other ? `${other.label} (${zone})` : zone;
}

/** The country whose phones an event in `zone` most likely has: Brazil for Brazil's zones. */
export function phoneCountryOfZone(zone: string): string | undefined {
  if (otherBrazilianZones.includes(zone)) return 'BR';
  return named.find((option) => option.zone === zone)?.country;
}
