// The WhatsApp Business Cloud API (Meta's Graph API, over fetch): the approved ticket template,
// sent to one number. The answers, errors included, are the documented shapes.
import type { WhatsappConfig } from '../../config.ts';
import type { DeliveryResult } from '../delivery-result.ts';
import { classifyGraphError, type GraphError } from './whatsapp-errors.ts';

export { classifyGraphError, reportedFailure, type ReportedError } from './whatsapp-errors.ts';

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

/** A session message (within 24 h of the person's own message, decision 0280): its body as Meta's. */
export type SessionMessage = { to: string } & (
  { type: 'interactive'; interactive: unknown } | { type: 'text'; text: { body: string } }
);

export interface WhatsappClient {
  sendTicket(message: TicketTemplate): Promise<DeliveryResult>;
  sendCertificate(message: CertificateTemplate): Promise<DeliveryResult>;
  sendTemplateMessage(message: TemplateMessage): Promise<DeliveryResult>;
  sendSessionMessage(message: SessionMessage): Promise<DeliveryResult>;
}

/** Requests in flight at once. */
export const whatsappConcurrency = 10;
const timeoutMs = 20_000;

const noPersonalLink = {
  kind: 'unsendable',
  code: 'no_personal_link',
  message: 'A inscrição não tem link pessoal para o botão do modelo.',
} as const;

/**
 * A body parameter as Meta takes it: a line break, a tab or more than 4 spaces in a row is refused
 * (132018) and the ticket would fail for good, so every run of white space becomes one space (a
 * name typed with a run of spaces, an event name saved so). Nothing is lost that a reader sees.
 */
export function bodyParameter(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
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

  /** One message to one number; `secret` never reaches a stored refusal. */
  async function post(
    { to, ...content }: { to: string; type: string; [part: string]: unknown },
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
          ...content,
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

  const sendTemplate = (to: string, name: string, components: unknown[], secret?: string) =>
    post(
      {
        to,
        type: 'template',
        template: { name, language: { code: config.templateLanguage }, components },
      },
      secret,
    );

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
      const result = await sendTemplate(message.to, name, [...message.components]);
      return templateRefusal(result, variable);
    },
    sendSessionMessage: (message) => post(message, undefined),
  };
}
