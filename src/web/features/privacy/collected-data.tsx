// 'Quais dados coletamos': the form's fields as this edition asks them, and the organizer's own
// questions by their labels (issue 34.6), rendered with the page by the server.
import { askedQuestions } from '@shared/form-questions.ts';
import type { EventDetails } from '@shared/event.ts';

type Form = Pick<EventDetails, 'fields' | 'fieldLabels' | 'questions'>;

/** 'Nome da empresa' → 'nome da empresa', as an item of the list. */
function asItem(label: string): string {
  return label.charAt(0).toLocaleLowerCase('pt-BR') + label.slice(1);
}

function choicesItem({ levar_alguem, confirmacao }: Form['fields']): string | null {
  if (levar_alguem === 'shown' && confirmacao === 'shown') {
    return 'suas respostas sobre levar alguém e sobre a confirmação;';
  }
  if (levar_alguem === 'shown') return 'sua resposta sobre levar alguém;';
  if (confirmacao === 'shown') return 'sua resposta sobre a confirmação;';
  return null;
}

export function CollectedData({ event }: { event: Form }) {
  const questions = askedQuestions(event.questions);
  const choices = choicesItem(event.fields);
  return (
    <>
      <ul className="list-disc space-y-1 pl-5">
        <li>nome completo;</li>
        <li>número de WhatsApp;</li>
        <li>e-mail;</li>
        {event.fields.nome_compania !== 'hidden' && (
          <li>{asItem(event.fieldLabels.nome_compania.label)};</li>
        )}
        {choices && <li>{choices}</li>}
        {questions.length > 0 && (
          <li>
            suas respostas às perguntas da organização:
            <ul className="list-[circle] space-y-1 pl-5">
              {questions.map((question) => (
                <li key={question.id}>{question.label}</li>
              ))}
            </ul>
          </li>
        )}
        <li>a data e a hora da inscrição.</li>
      </ul>
      {/* The organizer's questions may ask what we cannot vouch for: no promise about them. */}
      <p>
        {questions.length > 0
          ? 'Não pedimos documentos nem dados de pagamento.'
          : 'Não pedimos documentos, dados de pagamento nem dados sensíveis.'}
      </p>
    </>
  );
}
