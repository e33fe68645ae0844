// The texts of the bulk actions: the selection, its bar, and what each action answers.
import { counted, plural } from '@shared/plural.ts';
import type { BulkConfirmAnswer } from './admin-api.ts';
import { inscricoes, number } from './registration-nouns.ts';

/** Several registrations at once. */
export const bulkActionsTexts = {
  select: 'Selecionar',
  selectPending: 'Selecionar todos os pendentes',
  selectFailed: 'Selecionar todos com falha',
  clear: 'Limpar seleção',
  /** The bar's name for screen readers. */
  label: 'Ações em lote',
  selected: (count: number) =>
    `${counted(count, inscricoes)} ${plural(count, { one: 'selecionada', other: 'selecionadas' })}`,
  confirm: (count: number) => `Confirmar selecionados (${number.format(count)})`,
  confirming: 'Confirmando...',
  /** '3 inscrições confirmadas' */
  confirmed: (result: BulkConfirmAnswer) =>
    `${counted(result.confirmed, inscricoes)} ${plural(result.confirmed, {
      one: 'confirmada',
      other: 'confirmadas',
    })}`,
  /**
   * '1 já estava confirmada; 2 não existem mais; 1 é de uma edição passada.' or '' when every
   * one was confirmed now; then, when the server stopped midway, '60 não foram confirmadas:
   * <why>' and that the selection is kept for another try (0171).
   */
  confirmedDescription: (result: BulkConfirmAnswer) => {
    const parts = [
      ...(result.already_confirmed > 0
        ? [
            `${number.format(result.already_confirmed)} ${plural(result.already_confirmed, {
              one: 'já estava confirmada',
              other: 'já estavam confirmadas',
            })}`,
          ]
        : []),
      ...(result.not_found > 0
        ? [
            `${number.format(result.not_found)} ${plural(result.not_found, {
              one: 'não existe mais',
              other: 'não existem mais',
            })}`,
          ]
        : []),
      ...(result.capacity_reached > 0
        ? [
            `${number.format(result.capacity_reached)} ${plural(result.capacity_reached, {
              one: 'ficou sem vaga (evento lotado)',
              other: 'ficaram sem vaga (evento lotado)',
            })}`,
          ]
        : []),
      ...(result.cancelled > 0
        ? [
            `${number.format(result.cancelled)} ${plural(result.cancelled, {
              one: 'está cancelada',
              other: 'estão canceladas',
            })}`,
          ]
        : []),
      // Left open while another edition started: those stay as they were.
      ...(result.past_edition > 0
        ? [
            `${number.format(result.past_edition)} ${plural(result.past_edition, {
              one: 'é de uma edição passada',
              other: 'são de uma edição passada',
            })}`,
          ]
        : []),
    ];
    const counted = parts.length > 0 ? `${parts.join('; ')}.` : '';
    if (!result.failed) return counted;
    const failed = `${number.format(result.failed)} ${plural(result.failed, {
      one: 'não foi confirmada',
      other: 'não foram confirmadas',
    })}: ${result.failure ?? ''} ${bulkActionsTexts.kept}`;
    return counted ? `${counted} ${failed}` : failed;
  },
  /** After a confirmation the server did not finish: the same selection, sent again. */
  kept: 'A seleção foi mantida: confirme de novo, as já confirmadas não se repetem.',
  confirmFailed: 'Não foi possível confirmar as inscrições selecionadas.',
  /** No answer came (a timeout, the connection lost): the server may have done it anyway. */
  maybeConfirmed:
    'Parte delas pode ter sido confirmada: confira a lista. Confirmar de novo não repete nenhuma.',
  resend: (count: number) => `Reenviar falhas (${number.format(count)})`,
  resending: 'Reenviando...',
  /** '3 mensagens na fila para reenvio.' */
  resent: (queued: number) =>
    `${counted(queued, { one: 'mensagem', other: 'mensagens' })} na fila para reenvio.`,
  nothingToResend: 'Nenhuma mensagem com falha para reenviar.',
  resendFailed: 'Não foi possível reenviar as mensagens.',
} as const;
