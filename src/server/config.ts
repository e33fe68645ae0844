// Environment, parsed once at boot; a bad variable stops the server with its name.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { eventConfigOverridesSchema, type EventSettings } from '../shared/event-settings.schema.ts';
import { defaultEvent } from '../shared/event.ts';
import { isValidEmail } from '../shared/registration.schema.ts';
import { passwordProblem } from './admin/password.ts';
import { ConfigError } from './config-error.ts';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], {
    error: 'use 1 or 0 (also true/false, on/off, yes/no)',
  })
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

/** Meta's Graph API, at the version the WhatsApp sender was written and checked against. */
export const graphApiUrl = 'https://graph.facebook.com/v23.0';

/** An approved template's name, as Meta's tools write it. */
const templateName = z.string().regex(/^[a-z0-9_]+$/, 'the template name: a-z, 0-9 and _');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|postgres:\/\/|postgresql:\/\/)/, 'use file:PATH or postgres://…')
    .default('file:./data/inscricoes.db'),
  PUBLIC_URL: z.url().optional(),
  ADMIN_EMAIL: z.string().trim().refine(isValidEmail, 'must be an e-mail address').optional(),
  ADMIN_PASSWORD: z
    .string()
    .refine((value) => !passwordProblem(value), 'must be 12 to 1024 characters long')
    .optional(),
  TRUST_PROXY: flag.default(false),
  REGISTRATION_RATE_LIMIT: z.coerce.number().int().min(0).default(10),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 60),
  SESSION_ABSOLUTE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60),
  EVENT_CONFIG: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'use smtp://user:pass@host:587 or smtps://user:pass@host:465',
    })
    .optional(),
  MAIL_FROM: z.string().trim().min(3).optional(),
  WHATSAPP_TOKEN: z.string().trim().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/, 'digits only, as Meta shows it').optional(),
  WHATSAPP_TEMPLATE: templateName.optional(),
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'like pt_BR')
    .default('pt_BR'),
  WHATSAPP_TEMPLATE_CANCEL_BUTTON: flag.default(false),
  WHATSAPP_TEMPLATE_CERTIFICATE: templateName.optional(),
  WHATSAPP_TEMPLATE_REMINDER: templateName.optional(),
  WHATSAPP_TEMPLATE_SEAT: templateName.optional(),
  WHATSAPP_TEMPLATE_NOTICE: templateName.optional(),
  WHATSAPP_APP_SECRET: z.string().trim().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().trim().min(1).optional(),
  WHATSAPP_API_URL: z.url({ protocol: /^https?$/ }).default(graphApiUrl),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  publicUrl: string;
  /** PUBLIC_URL is https: Secure cookies with the __Host- prefix, and HSTS. */
  secure: boolean;
  adminEmail?: string;
  adminPassword?: string;
  trustProxy: boolean;
  /** Registrations per IP per minute; 0 turns the limit off. */
  registrationRateLimit: number;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** How often an open live stream re-checks its session (and keeps proxies from closing it). */
  liveHeartbeatMs: number;
  event: EventSettings;
  logLevel: string;
  /** Readable lines for a person at a terminal; JSON lines for a log collector. */
  logFormat: 'json' | 'pretty';
  /** Folder holding the built web app. */
  webRoot: string;
  /** Unset: no e-mail is sent. */
  mail?: MailConfig;
  /**
   * How soon a temporary failure is retried (messages/retry-policy.ts), and how often a paused
   * channel is tried again; tests shorten them.
   */
  outboxRetry?: { baseMs: number; pausedProbeMs?: number };
  /**
   * The waits before a WhatsApp reply to a message not recorded yet, or whose answer failed, is
   * tried again (replies/reply-retries.ts); tests shorten them.
   */
  replyRetryMs?: readonly number[];
  /** Unset: the panel's wa.me button only. */
  whatsapp?: WhatsappConfig;
}

export interface MailConfig {
  smtpUrl: string;
  from: string;
}

export interface WhatsappConfig {
  token: string;
  phoneNumberId: string;
  template: string;
  templateLanguage: string;
  /**
   * The template has a second URL button, 'Não poderei comparecer' → PUBLIC_URL/inscricao/{{1}}:
   * the person's own token fills it (WHATSAPP_TEMPLATE_CANCEL_BUTTON, decision 0145).
   */
  cancelButton: boolean;
  /**
   * The approved certificate template (WHATSAPP_TEMPLATE_CERTIFICATE: a document header, the
   * PDF by a link of its own); unset: certificates go by e-mail only.
   */
  certificateTemplate?: string;
  /** The reminder's (WHATSAPP_TEMPLATE_REMINDER, two quick replies); unset: by e-mail only. */
  reminderTemplate?: string;
  /** A seat held off the waiting list (WHATSAPP_TEMPLATE_SEAT); unset: by e-mail only. */
  seatTemplate?: string;
  noticeTemplate?: string; // announcements' (WHATSAPP_TEMPLATE_NOTICE); unset: by e-mail only
  /** Base of the Graph API, with its version (WHATSAPP_API_URL). */
  apiUrl: string;
  /** Both unset: no status webhook (messages stay 'Enviado'). */
  appSecret?: string;
  verifyToken?: string;
}

type Env = z.output<typeof envSchema>;

function mailConfig(e: Env): MailConfig | undefined {
  if (!e.SMTP_URL && !e.MAIL_FROM) return undefined;
  if (!e.SMTP_URL)
    throw new ConfigError('MAIL_FROM is set but SMTP_URL is not: set both or neither');
  if (!e.MAIL_FROM)
    throw new ConfigError('SMTP_URL is set but MAIL_FROM is not: set both or neither');
  return { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM };
}

const whatsappSending = [
  'WHATSAPP_TOKEN',
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_TEMPLATE',
] as const;
const whatsappWebhook = ['WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const;

/** All three sending variables, or none; the webhook's two together, and only with sending. */
function whatsappConfig(e: Env): WhatsappConfig | undefined {
  const missing = whatsappSending.filter((name) => !e[name]);
  const webhookMissing = whatsappWebhook.filter((name) => !e[name]);
  if (missing.length === whatsappSending.length) {
    const stray =
      whatsappWebhook.find((name) => e[name]) ??
      (e.WHATSAPP_TEMPLATE_CANCEL_BUTTON ? 'WHATSAPP_TEMPLATE_CANCEL_BUTTON' : undefined) ??
      (e.WHATSAPP_TEMPLATE_CERTIFICATE ? 'WHATSAPP_TEMPLATE_CERTIFICATE' : undefined) ??
      (
        [
          'WHATSAPP_TEMPLATE_REMINDER',
          'WHATSAPP_TEMPLATE_SEAT',
          'WHATSAPP_TEMPLATE_NOTICE',
        ] as const
      ).find((name) => e[name]);
    if (stray)
      throw new ConfigError(
        `${stray} is set but WHATSAPP_TOKEN is not: set the sending variables too`,
      );
    return undefined;
  }
  if (missing.length > 0) {
    throw new ConfigError(
      `${missing.join(', ')}: not set, but other WHATSAPP_ variables are: set all three or none`,
    );
  }
  if (webhookMissing.length === 1) {
    throw new ConfigError(
      `${webhookMissing[0]} is not set: the status webhook needs both WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN`,
    );
  }
  return {
    token: e.WHATSAPP_TOKEN!,
    phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID!,
    template: e.WHATSAPP_TEMPLATE!,
    templateLanguage: e.WHATSAPP_TEMPLATE_LANGUAGE,
    cancelButton: e.WHATSAPP_TEMPLATE_CANCEL_BUTTON,
    certificateTemplate: e.WHATSAPP_TEMPLATE_CERTIFICATE,
    reminderTemplate: e.WHATSAPP_TEMPLATE_REMINDER,
    seatTemplate: e.WHATSAPP_TEMPLATE_SEAT,
    noticeTemplate: e.WHATSAPP_TEMPLATE_NOTICE,
    apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''),
    appSecret: e.WHATSAPP_APP_SECRET,
    verifyToken: e.WHATSAPP_VERIFY_TOKEN,
  };
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host.startsWith('127.') || host === '::1' || host === '[::1]';
}

/**
 * The server takes connections from other machines while PUBLIC_URL (by default
 * http://localhost:PORT) points at this one: ticket links, QR codes and e-mails would carry
 * addresses that work nowhere else.
 */
export function linksWorkOnlyHere({
  host,
  publicUrl,
}: Pick<Config, 'host' | 'publicUrl'>): boolean {
  return !isLoopback(host) && isLoopback(new URL(publicUrl).hostname);
}

/** The field an issue is about; an unknown key's issue sits on its object, naming the keys apart. */
function fieldsOf(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'unrecognized_keys') return issue.path.join('.');
  return issue.keys.map((key) => [...issue.path, key].join('.')).join(', ');
}

function readEventConfig(file: string | undefined): EventSettings {
  if (!file) return defaultEvent;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`EVENT_CONFIG: cannot read ${file}: ${(error as Error).message}`);
  }
  const parsed = eventConfigOverridesSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`EVENT_CONFIG: ${issue && fieldsOf(issue)}: ${issue?.message}`);
  }
  return { ...defaultEvent, ...parsed.data };
}

/**
 * A variable set to nothing (`ADMIN_PASSWORD=` as copied from .env.example) is a variable not
 * set: its default applies, and it is never an error.
 */
function withoutEmpty(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value?.trim() !== ''));
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
  { terminal = process.stdout.isTTY === true }: { terminal?: boolean } = {},
): Config {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if (e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) {
    throw new ConfigError('ADMIN_EMAIL is set but ADMIN_PASSWORD is not: set both or neither');
  }
  if (e.ADMIN_PASSWORD && !e.ADMIN_EMAIL) {
    throw new ConfigError('ADMIN_PASSWORD is set but ADMIN_EMAIL is not: set both or neither');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    secure: publicUrl.startsWith('https:'),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: e.TRUST_PROXY,
    registrationRateLimit: e.REGISTRATION_RATE_LIMIT,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_MINUTES * 60_000,
    liveHeartbeatMs: e.LIVE_HEARTBEAT_SECONDS * 1000,
    event: readEventConfig(e.EVENT_CONFIG),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (terminal ? 'pretty' : 'json'),
    // src/server and dist/server both sit two levels below the project root.
    webRoot: resolve(fileURLToPath(import.meta.url), '../../../dist/web'),
    mail: mailConfig(e),
    whatsapp: whatsappConfig(e),
    ...overrides,
  };
}
