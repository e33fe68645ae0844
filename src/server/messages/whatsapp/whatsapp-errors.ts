// Meta's errors, from the send's answer or its status webhook, classified: temporary (try again),
// the account's (pause the channel), the person's (fail the message), with a pt-BR reason.
import type { DeliveryResult } from '../delivery-result.ts';

export interface GraphError {
  code?: number;
  title?: string;
  message?: string;
  error_user_msg?: string;
}

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
