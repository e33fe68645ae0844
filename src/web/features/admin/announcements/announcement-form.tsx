// The announcement being written: subject, text (placeholders explained), who receives it (with
// how many), the channels, its preview, 'Enviar teste', and 'Enviar' after a confirmation that
// says how many people it reaches. What is typed stays on any refusal.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  afterEventAudiences,
  announcementAudiences,
  announcementRequestSchema,
  audienceLabels,
  type AnnouncementAudience,
} from '@shared/announcement.schema.ts';
import type { MessageChannel } from '@shared/message.schema.ts';
import { placeholderLabels, placeholderNames } from '@shared/message-placeholders.ts';
import { fieldErrors } from '@shared/registration.schema.ts';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { toast } from '@/components/ui/toaster.tsx';
import { ApiRequestError, isUnauthorized } from '@/lib/api-client.ts';
import { AnnouncementPreview } from './announcement-preview.tsx';
import { fetchAudiences, sendAnnouncement, sendAnnouncementTest } from './announcements-api.ts';
import { announcementsKey } from './announcements-list.tsx';
import { announcementsTexts as texts } from './announcements-texts.ts';
import { ConfirmAnnouncement } from './confirm-announcement.tsx';

const audiencesKey = ['admin', 'announcements', 'audiences'] as const;

export function AnnouncementForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const audiences = useQuery({
    queryKey: audiencesKey,
    queryFn: ({ signal }) => fetchAudiences(signal),
  });
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [audience, setAudience] = useState<AnnouncementAudience>('confirmed');
  const [channels, setChannels] = useState<MessageChannel[]>(['email']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const available = audiences.data?.channels ?? [];
  const chosen = channels.filter((channel) => available.includes(channel));
  const count = audiences.data?.counts[audience] ?? 0;

  const showError = (error: unknown, fallback: string) => {
    if (isUnauthorized(error)) return;
    if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
      setErrors(error.fields);
    } else setErrors({ form: error instanceof ApiRequestError ? error.message : fallback });
  };
  const test = useMutation({
    mutationFn: sendAnnouncementTest,
    onSuccess: (answer) => {
      setErrors({});
      if (answer.sent) toast.success(texts.testSent(answer.to));
      else setErrors({ form: texts.testFailed(answer.reason ?? '') });
    },
    onError: (error) => showError(error, texts.failed),
  });
  const send = useMutation({
    mutationFn: sendAnnouncement,
    onSuccess: (answer) => {
      setConfirming(false);
      toast.success(texts.queued(answer.recipients));
      setSubject('');
      setText('');
      setErrors({});
      void queryClient.invalidateQueries({ queryKey: announcementsKey });
    },
    onError: (error) => {
      setConfirming(false);
      showError(error, texts.failed);
    },
  });

  const request = () => ({ audience, subject, text, channels: chosen });
  function check(): boolean {
    const parsed = announcementRequestSchema.safeParse(request());
    if (!parsed.success) setErrors(fieldErrors(parsed.error));
    else if (count === 0) setErrors({ audience: texts.nobody });
    else setErrors({});
    return parsed.success && count > 0;
  }
  function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (check()) setConfirming(true);
  }
  function sendTest() {
    const parsed = announcementRequestSchema
      .pick({ subject: true, text: true })
      .safeParse({ subject, text });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    test.mutate(parsed.data);
  }

  const field = (name: string) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const afterEvent = audiences.data?.afterEvent ?? false;

  return (
    <form className="bg-card grid gap-4 rounded-lg border p-5" onSubmit={submit} noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-subject`}>{texts.subject}</Label>
        <Input {...field('subject')} value={subject} onChange={(e) => setSubject(e.target.value)} />
        <FieldError id={`${id}-subject-error`} message={errors.subject} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-text`}>{texts.text}</Label>
        <Textarea
          {...field('text')}
          rows={6}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={[errors.text ? `${id}-text-error` : '', `${id}-hint`].join(' ').trim()}
        />
        <div id={`${id}-hint`} className="text-muted-foreground text-sm">
          <p>{texts.placeholdersHint}</p>
          <ul role="list" className="flex flex-wrap gap-x-3">
            {placeholderNames.map((name) => (
              <li key={name}>
                <code>{`{${name}}`}</code> {placeholderLabels[name]}
              </li>
            ))}
          </ul>
        </div>
        <FieldError id={`${id}-text-error`} message={errors.text} />
      </div>
      <fieldset
        className="grid gap-2"
        aria-describedby={errors.audience ? `${id}-audience-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium">{texts.audience}</legend>
        {announcementAudiences.map((value) => {
          const later = afterEventAudiences.includes(value) && !afterEvent;
          return (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${id}-audience`}
                value={value}
                checked={audience === value}
                disabled={later}
                onChange={() => setAudience(value)}
                className="size-5"
              />
              <span>
                {audienceLabels[value]}{' '}
                <span className="text-muted-foreground">
                  (
                  {later
                    ? texts.afterEventOnly
                    : texts.audienceCount(audiences.data?.counts[value] ?? 0)}
                  )
                </span>
              </span>
            </label>
          );
        })}
        <FieldError id={`${id}-audience-error`} message={errors.audience} />
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{texts.channels}</legend>
        {(['email', 'whatsapp'] as const).map((channel) => (
          <label key={channel} className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-5"
              disabled={!available.includes(channel)}
              checked={chosen.includes(channel)}
              onChange={(e) =>
                setChannels((now) =>
                  e.target.checked ? [...now, channel] : now.filter((c) => c !== channel),
                )
              }
            />
            {texts.channelNames[channel]}
          </label>
        ))}
        {audiences.data && available.length === 0 && <p className="text-sm">{texts.noChannel}</p>}
        {audiences.data && available.includes('email') && !available.includes('whatsapp') && (
          <p className="text-muted-foreground text-sm">{texts.whatsappOff}</p>
        )}
        <FieldError id={`${id}-channels-error`} message={errors.channels} />
      </fieldset>
      <AnnouncementPreview subject={subject} text={text} />
      <div role="alert" className="text-destructive empty:hidden text-sm font-medium">
        {errors.form}
      </div>
      {audiences.data && (
        <p className="text-muted-foreground text-sm">
          {texts.testHint(audiences.data.testAddress)}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          type="button"
          variant="outline"
          disabled={test.isPending || !available.includes('email')}
          onClick={sendTest}
        >
          {test.isPending ? texts.sendingTest : texts.sendTest}
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? texts.sending : texts.send}
        </Button>
      </div>
      <ConfirmAnnouncement
        open={confirming}
        count={count}
        audience={audienceLabels[audience]}
        sending={send.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => send.mutate(request())}
      />
    </form>
  );
}

function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  return (
    <p id={id} className="text-destructive empty:hidden text-sm font-medium">
      {message}
    </p>
  );
}
