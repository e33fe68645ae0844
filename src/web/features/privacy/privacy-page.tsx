// What we do with a visitor's data, in the terms of the LGPD (Lei 13.709/2018).
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { paths } from '@shared/paths.ts';
import { PageLink } from '@/components/page-link.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useEvent, useEventDates } from '@/lib/event-config.ts';
import { useMessageProviders } from '@/lib/message-providers.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { CollectedData } from './collected-data.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h2 id={id} className="text-lg font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

const linkClass =
  'text-primary font-semibold underline underline-offset-4 rounded focus-visible:ring-ring focus-visible:ring-2 focus-visible:outline-none';

export function PrivacyPage() {
  const event = useEvent();
  const dates = useEventDates();
  // Set by the server from its configuration: who else gets data to deliver the messages.
  const providers = useMessageProviders();
  const anyProvider = providers.email || providers.whatsapp;
  useDocumentTitle(`Privacidade · ${event.name}`);
  const mailto = `mailto:${event.contactEmail}?subject=${encodeURIComponent(
    `Meus dados · ${event.name}`,
  )}`;

  return (
    <main className="min-h-dvh px-5 py-10 sm:py-16">
      <article className="text-foreground/90 mx-auto grid max-w-2xl gap-8 text-base leading-relaxed">
        <header>
          <p className="text-muted-foreground text-sm font-semibold tracking-wide uppercase">
            {event.name}
          </p>
          <h1 className="text-foreground mt-1 text-3xl font-extrabold tracking-tight">
            Como usamos seus dados
          </h1>
          <p className="mt-3">
            Esta página explica, de acordo com a Lei Geral de Proteção de Dados (LGPD, Lei
            13.709/2018), o que fazemos com as informações que você envia ao se inscrever.
          </p>
        </header>

        <Section id="quem" title="Quem coleta os dados">
          <p>
            {event.organizer}, responsável pelo evento {event.name}, que acontece em {dates.date},
            em {event.city}. Somos os controladores dos seus dados.
          </p>
        </Section>

        <Section id="quais" title="Quais dados coletamos">
          <CollectedData event={event} />
          <p>
            Enquanto você preenche o formulário, o que já foi digitado fica guardado apenas neste
            navegador, nesta aba, para não se perder se a página recarregar. Isso é apagado quando a
            inscrição é enviada ou quando a aba é fechada.
          </p>
        </Section>

        <Section id="para-que" title="Para que usamos">
          <ul className="list-disc space-y-1 pl-5">
            <li>registrar e confirmar a sua inscrição;</li>
            {providers.email && (
              <li>
                enviar por e-mail o aviso de que a inscrição chegou e, depois, o seu ingresso;
              </li>
            )}
            <li>enviar o seu ingresso pelo WhatsApp;</li>
            <li>fazer o check-in na entrada do evento;</li>
            <li>avisar você se algo mudar no evento (data, horário ou local).</li>
          </ul>
          <p>Não vendemos seus dados e não os usamos para publicidade.</p>
        </Section>

        <Section id="base-legal" title="Base legal">
          <p>
            Tratamos seus dados com base no seu consentimento, dado ao enviar o formulário (art. 7º,
            I, da LGPD), e porque eles são necessários para realizar a inscrição que você pediu
            (art. 7º, V).
          </p>
        </Section>

        <Section id="acesso" title="Quem tem acesso">
          <p>
            {anyProvider
              ? 'A organização do evento e, só para entregar as mensagens, os serviços de envio descritos abaixo.'
              : 'Somente a organização do evento.'}{' '}
            Não compartilhamos seus dados com patrocinadores nem com outros participantes. O
            ingresso é enviado pelo WhatsApp, que transmite a mensagem conforme as regras dele.
          </p>
        </Section>

        {anyProvider && (
          <Section id="envio" title="Quem entrega as mensagens">
            <ul className="list-disc space-y-1 pl-5">
              {providers.email && (
                <li>
                  O serviço de e-mail que usamos recebe o seu endereço de e-mail e o texto da
                  mensagem, para entregar a confirmação da inscrição e o seu ingresso.
                </li>
              )}
              {providers.whatsapp && (
                <li>
                  A Meta, pelo WhatsApp Business, recebe o seu número de WhatsApp e os dados da
                  mensagem do ingresso (seu nome, o nome do evento, a data
                  {providers.whatsappPersonalLink
                    ? ', o código do ingresso e o endereço da sua página de inscrição'
                    : ' e o código do ingresso'}
                  ), para entregar o ingresso no seu WhatsApp.
                </li>
              )}
            </ul>
            <p>Eles recebem esses dados apenas para entregar as mensagens, em nosso nome.</p>
          </Section>
        )}

        <Section id="prazo" title="Por quanto tempo guardamos">
          <p>
            A organização guarda os seus dados até {event.retentionDays} dias depois do evento, ou
            seja, até {dates.retentionEnd}, e então apaga as inscrições.
          </p>
          {event.certificate?.enabled && (
            <p>
              Um certificado de participação emitido para você continua verificável por{' '}
              {event.certificateRetentionYears} anos depois de emitido, mesmo que a sua inscrição
              seja apagada: dele ficam apenas o seu nome, o evento, a data, a carga horária e o
              código do certificado. Um certificado revogado perde o seu nome na hora.
            </p>
          )}
          <p>
            Se quiser que os seus dados sejam apagados antes disso, é só pedir pelo e-mail{' '}
            <a href={mailto} className={linkClass}>
              {event.contactEmail}
            </a>
            .
          </p>
        </Section>

        <Section id="direitos" title="Seus direitos">
          <p>A qualquer momento, você pode pedir para:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>saber quais dados seus temos e ter acesso a eles;</li>
            <li>corrigir dados incompletos ou errados;</li>
            <li>apagar os seus dados e cancelar a inscrição;</li>
            <li>revogar o seu consentimento.</li>
          </ul>
        </Section>

        <Section id="como-pedir" title="Como pedir">
          <p>
            Escreva para{' '}
            <a href={mailto} className={linkClass}>
              {event.contactEmail}
            </a>{' '}
            informando o e-mail usado na inscrição. Respondemos em até 15 dias. Se não ficar
            satisfeito, você também pode procurar a Autoridade Nacional de Proteção de Dados (ANPD).
          </p>
        </Section>

        <div>
          <Button asChild variant="outline" size="lg">
            <PageLink to={paths.register}>
              <ArrowLeft aria-hidden="true" className="size-5" />
              Voltar para a inscrição
            </PageLink>
          </Button>
        </div>
      </article>
    </main>
  );
}
