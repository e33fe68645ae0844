// The WhatsApp Business Cloud API (Meta's Graph API, over fetch): the approved ticket template,
// sent to one number. The answers, errors included, are the documented shapes.
import type { WhatsappConfig } from '../../config.ts';
import type { DeliveryResult } from '../delivery-result.ts';

export interface TicketTemplate {
  /** E.164: the API takes the digits. */
  to: string;
  name: string;
  eventName: string;
  /** '6 de dezembro de 2025, às 7:30' */
  dateTime: string;
  /** The first button's URL is PUBLIC_URL/ingresso/{{1}}: the code fills it. */
  ticketCode: string;
  /**
   * The person's own token (decision 0130): it fills the second button, PUBLIC_URL/inscricao/{{1}},
   * when the template has it (WHATSAPP_TEMPLATE_CANCEL_BUTTON, decision 0145), and is not sent
   * otherwise. Never in a log line nor in a stored error.
   */
  personalToken: string | undefined;
}

/** The certificate's template (WHATSAPP_TEMPLATE_CERTIFICATE, issue 36.4). */
export interface CertificateTemplate {
  to: string;
  name: string;
  eventName: string;
  /** The header's document: the PDF's sealed link (decision 0238), and its file name. */
  documentUrl: string;
  fileName: string;
  /** The button's URL is PUBLIC_URL/certificado/{{1}}: the code fills it. */
  certificateCode: string;
}

/** WHATSAPP_TEMPLATE_REMINDER's or WHATSAPP_TEMPLATE_SEAT's, as reminder-composition.ts builds it. */
export interface TemplateMessage {
  to: string;
  kind: 'reminder' | 'seat' | 'notice';
  components: readonly unknown[];
}

export interface WhatsappClient {
  sendTicket(message: TicketTemplate): Promise<DeliveryResult>;
  sendCertificate(message: CertificateTemplate): Promise<DeliveryResult>;
  sendTemplateMessage(message: TemplateMessage): Promise<DeliveryResult>;
}
/** Requests in flight at once. */
export const whatsappConcurrency = 10;
const timeoutMs = 20_000;

interface GraphError {
  code?: number;
  title?: string;
  message?: string;
  error_user_msg?: string;
}

const noPersonalLink = {
  kind: 'unsendable',
  code: 'no_personal_link',
  message: 'A inscrição não tem link pessoal para o botão do modelo.',
} as const;

/** Rate limits (131048: the number's spam limit) and maintenance (131057): wait and try again. */
const temporaryCodes = new Set([130429, 131056, 131016, 2, 4, 80007, 131048, 131057]);
/**
 * The account itself, or the ticket's template, is refused: every message would fail the same way
 * until the organizer fixes it in Meta's tools (or Meta lifts a template's pause, after hours), so
 * the channel pauses (as for a bad token) instead of failing each ticket for good.
 */
const accountReasons: Record<number, string> = {
  368: 'A conta do WhatsApp Business foi bloqueada por violar as políticas do WhatsApp (368): veja o Gerenciador do WhatsApp.',
  131031: 'A conta do WhatsApp Business está bloqueada (131031): veja o Gerenciador do WhatsApp.',
  131042:
    'A conta do WhatsApp Business tem um problema de pagamento (131042): confira a forma de pagamento no Gerenciador de Negócios.',
  133010:
    'O número de envio não está registrado na API do WhatsApp (133010): registre-o e confira WHATSAPP_PHONE_NUMBER_ID.',
  132001:
    'O modelo de WHATSAPP_TEMPLATE não existe no idioma de WHATSAPP_TEMPLATE_LANGUAGE, ou ainda não foi aprovado (132001): confira no Gerenciador do WhatsApp.',
  132015:
    'A Meta pausou o modelo de mensagem por baixa qualidade (132015): os ingressos saem quando a pausa acabar; veja o Gerenciador do WhatsApp.',
  132016:
    'A Meta desativou o modelo de mensagem (132016): crie outro modelo e informe-o em WHATSAPP_TEMPLATE.',
};
/** The person cannot be reached this way, or the template is wrong: trying again changes nothing. */
const permanentReasons: Record<number, string> = {
  131026: 'Este número não tem WhatsApp ou não pode receber a mensagem.',
  131047: 'Mais de 24 horas sem conversa: o WhatsApp só aceita um modelo aprovado.',
  131051: 'Tipo de mensagem não aceito pelo WhatsApp.',
  131021: 'O número de destino é o próprio número de envio.',
  131030: 'Número fora da lista permitida da conta de teste do WhatsApp.',
};

/**
 * A body parameter as Meta takes it: a line break, a tab or more than 4 spaces in a row is refused
 * (132018) and the ticket would fail for good, so every run of white space becomes one space (a
 * name typed with a run of spaces, an event name saved so). Nothing is lost that a reader sees.
 */
export function bodyParameter(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** An error as Meta's status webhook reports it, on a message it had taken. */
export interface ReportedError {
  code?: unknown;
  title?: unknown;
  message?: unknown;
}

/**
 * A failure Meta reports later, on its status webhook: a number not on WhatsApp is taken by the
 * send (a wamid) and reported undeliverable there (131026). A code we know gets the same pt-BR
 * reason as when the send's own answer refuses it; another, Meta's own title after ours.
 */
export function reportedFailure(error: ReportedError): { code: string; message: string } {
  const known = typeof error.code === 'number' ? permanentReasons[error.code] : undefined;
  const code = String(error.code ?? 'failed');
  return {
    code: `whatsapp_${code}`,
    message:
      known ??
      `O WhatsApp não entregou a mensagem (${String(error.code ?? '?')}): ${String(error.title ?? error.message ?? '')}`,
  };
}

/** Meta's error object, classified; `status` is the HTTP status of the answer. */
export function classifyGraphError(status: number, error: GraphError | undefined): DeliveryResult {
  const code = error?.code;
  const detail = error?.title ?? error?.message ?? '';
  const id = `whatsapp_${code ?? status}`;
  if (code !== undefined && accountReasons[code]) {
    return { kind: 'credentials', code: id, message: accountReasons[code] };
  }
  if (status === 401 || status === 403 || code === 190 || code === 10 || code === 200) {
    return {
      kind: 'credentials',
      code: id,
      message: `O WhatsApp recusou o token de acesso (${code ?? status}): confira WHATSAPP_TOKEN e WHATSAPP_PHONE_NUMBER_ID.`,
    };
  }
  if (code !== undefined && temporaryCodes.has(code)) {
    return {
      kind: 'temporary',
      code: id,
      message: `Limite de envio do WhatsApp atingido (${code}).`,
    };
  }
  if (code !== undefined && permanentReasons[code]) {
    return { kind: 'permanent', code: id, message: permanentReasons[code] };
  }
  if (code !== undefined && code >= 132000 && code < 133000) {
    return {
      kind: 'permanent',
      code: id,
      message: `O modelo de mensagem foi recusado pelo WhatsApp (${code}): confira WHATSAPP_TEMPLATE, o idioma e os parâmetros.`,
    };
  }
  if (status >= 500 || status === 429) {
    return { kind: 'temporary', code: id, message: `O WhatsApp está indisponível (${status}).` };
  }
  return {
    kind: 'permanent',
    code: id,
    message: `O WhatsApp recusou a mensagem (${code ?? status})${detail ? `: ${detail}` : ''}.`,
  };
}

/**
 * Meta's own words may end up in a refusal's message (the panel shows it): should they ever quote
 * the parameters sent, the personal token is taken out (it would let anyone cancel the person).
 */
function withoutToken(result: DeliveryResult, token: string | undefined): DeliveryResult {
  if (!token || result.kind === 'accepted' || !result.message.includes(token)) return result;
  return { ...result, message: result.message.replaceAll(token, '…') };
}

const text = (value: string) => ({ type: 'text', text: value });
// A dynamic URL button takes the suffix of its URL; `index` is the button's place in the
// template, from 0 (Meta allows two URL buttons).
const urlButton = (index: number, suffix: string) => ({
  type: 'button',
  sub_type: 'url',
  index: String(index),
  parameters: [text(suffix)],
});

/**
 * A refusal of another template than the ticket's is that message's: it fails it (and says which
 * variable), and never pauses the channel the tickets need.
 */
function templateRefusal(result: DeliveryResult, variable: string, also = ''): DeliveryResult {
  const template = result.kind === 'credentials' || result.kind === 'permanent';
  if (!template || !/^whatsapp_132\d{3}$/.test(result.code)) return result;
  return {
    kind: 'permanent',
    code: result.code,
    message: `O modelo de ${variable} foi recusado pelo WhatsApp (${result.code.slice(9)}): confira no Gerenciador do WhatsApp se ele existe, está aprovado${also}.`,
  };
}

const certificateRefusal = (result: DeliveryResult) =>
  templateRefusal(result, 'WHATSAPP_TEMPLATE_CERTIFICATE', ' e tem um documento no cabeçalho');

const noTemplate = {
  kind: 'unsendable',
  code: 'no_template',
  message: 'O modelo do WhatsApp para esta mensagem não está configurado.',
} as const;

export function createWhatsappClient(config: WhatsappConfig): WhatsappClient {
  const endpoint = `${config.apiUrl}/${config.phoneNumberId}/messages`;

  /** One template message to one number; `secret` never reaches a stored refusal. */
  async function sendTemplate(
    to: string,
    name: string,
    components: unknown[],
    secret: string | undefined,
  ): Promise<DeliveryResult> {
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${config.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: to.replace(/\D/g, ''),
          type: 'template',
          template: { name, language: { code: config.templateLanguage }, components },
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      return {
        kind: 'temporary',
        code: 'whatsapp_network',
        message: 'Não foi possível falar com o WhatsApp (rede ou tempo esgotado).',
      };
    }
    let body: { messages?: Array<{ id?: string }>; error?: GraphError } | undefined;
    try {
      body = (await response.json()) as typeof body;
    } catch {
      body = undefined;
    }
    const id = body?.messages?.[0]?.id;
    if (response.ok && id) return { kind: 'accepted', providerId: id };
    return withoutToken(classifyGraphError(response.status, body?.error), secret);
  }

  return {
    async sendTicket(message) {
      // A template with the button cannot go without its parameter (Meta refuses it).
      if (config.cancelButton && !message.personalToken) return noPersonalLink;
      const personalToken = config.cancelButton ? message.personalToken : undefined;
      const parameters = [message.name, message.eventName, message.dateTime];
      return sendTemplate(
        message.to,
        config.template,
        [
          { type: 'body', parameters: parameters.map((value) => text(bodyParameter(value))) },
          urlButton(0, message.ticketCode),
          ...(personalToken ? [urlButton(1, personalToken)] : []),
        ],
        personalToken,
      );
    },
    async sendCertificate(message) {
      const document = { link: message.documentUrl, filename: message.fileName };
      const parameters = [message.name, message.eventName];
      const result = await sendTemplate(
        message.to,
        config.certificateTemplate!,
        [
          { type: 'header', parameters: [{ type: 'document', document }] },
          { type: 'body', parameters: parameters.map((value) => text(bodyParameter(value))) },
          urlButton(0, message.certificateCode),
        ],
        // The link opens the PDF for a week: no stored refusal repeats it.
        new URL(message.documentUrl).pathname.split('/').at(-1),
      );
      return certificateRefusal(result);
    },
    async sendTemplateMessage(message) {
      const [name, variable] =
        message.kind === 'reminder'
          ? [config.reminderTemplate, 'WHATSAPP_TEMPLATE_REMINDER']
          : message.kind === 'seat'
            ? [config.seatTemplate, 'WHATSAPP_TEMPLATE_SEAT']
            : [config.noticeTemplate, 'WHATSAPP_TEMPLATE_NOTICE'];
      if (!name) return noTemplate; // queued while it was set (message-plan.ts), unset since
      const result = await sendTemplate(message.to, name, [...message.components], undefined);
      return templateRefusal(result, variable);
    },
  };
}
