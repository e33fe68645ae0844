import { expect, it } from 'vitest';
import { shortestToastMs, toastDuration } from './toast-duration.ts';

it('gives a short toast the usual six seconds', () => {
  expect(toastDuration('Inscrição confirmada!', 'O participante foi confirmado.')).toBe(
    shortestToastMs,
  );
});

it('gives a toast that explains a partial failure the time to read it', () => {
  const title = '200 inscrições confirmadas';
  const description =
    '30 não foram confirmadas: Erro interno. Tente novamente em instantes. A seleção foi mantida: confirme de novo, as já confirmadas não se repetem.';
  const ms = toastDuration(title, description);
  // About 170 characters: more than twice the shortest time, and longer for a longer text.
  expect(ms).toBeGreaterThan(2 * shortestToastMs);
  expect(toastDuration(title, `${description} ${description}`)).toBeGreaterThan(ms);
});

it('counts only text (a description may be a React element)', () => {
  expect(toastDuration('Erro', { type: 'p', props: {} })).toBe(shortestToastMs);
});
