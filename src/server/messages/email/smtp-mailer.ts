// E-mail through the operator's SMTP server (nodemailer, pooled connections). Each message keeps
// one Message-ID for all its attempts, so a copy sent again after a crash is recognisably the same.
import type { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config.ts';
import type { DeliveryResult } from '../delivery-result.ts';

export interface Email {
  /** The outbox row's id: the Message-ID is made from it. */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go (the event's contact e-mail); unset: to MAIL_FROM. */
  replyTo?: string;
  attachments?: Array<{
    filename: string;
    /** A stream is read as the e-mail leaves (a certificate's PDF, made then). */
    content: Buffer | string | Readable;
    contentType: string;
    cid?: string;
  }>;
}

export interface Mailer {
  send(email: Email): Promise<DeliveryResult>;
  close(): void;
}

/** Connections kept open to the SMTP server, and so e-mails in flight at once. */
export const mailConnections = 5;
/** Well under the outbox's lease: a hung server never outlives the claim. */
const timeoutMs = 30_000;

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
}

/** The SMTP server's answer, classified: 5xx refuses for good, 4xx and the network are temporary. */
export function classifySmtpError(error: SmtpError): DeliveryResult {
  const status = error.responseCode;
  if (error.code === 'EAUTH' || error.code === 'ENOAUTH') {
    return {
      kind: 'credentials',
      code: 'smtp_auth',
      message: 'O servidor de e-mail recusou o usuário ou a senha de SMTP_URL.',
    };
  }
  if (status === 530) {
    // Authentication required (RFC 4954): SMTP_URL names no user, and every e-mail would fail.
    return {
      kind: 'credentials',
      code: 'smtp_530',
      message: 'O servidor de e-mail exige autenticação: informe usuário e senha em SMTP_URL.',
    };
  }
  if (status !== undefined && status >= 500) {
    return {
      kind: 'permanent',
      code: `smtp_${status}`,
      message: `O servidor de e-mail recusou a mensagem (${status}): confira o endereço.`,
    };
  }
  if (status !== undefined && status >= 400) {
    return {
      kind: 'temporary',
      code: `smtp_${status}`,
      message: `O servidor de e-mail pediu para tentar mais tarde (${status}).`,
    };
  }
  return {
    kind: 'temporary',
    code: 'smtp_network',
    message: 'Não foi possível falar com o servidor de e-mail.',
  };
}

export function createMailer(config: MailConfig, publicHost: string): Mailer {
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    pool: true,
    maxConnections: mailConnections,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send(email) {
      try {
        const info = await transport.sendMail({
          from: config.from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          ...(email.replyTo ? { replyTo: email.replyTo } : {}),
          messageId: `<${email.messageId}@${publicHost}>`,
          attachments: email.attachments,
        });
        return { kind: 'accepted', providerId: info.messageId ?? null };
      } catch (error) {
        return classifySmtpError(error as SmtpError);
      }
    },
    close() {
      transport.close();
    },
  };
}
