import { describe, expect, it } from 'vitest';
import { resultsTexts } from './results-texts.ts';

const { rate } = resultsTexts.outcome;

describe('the share of the confirmed who came', () => {
  it('is a whole percentage', () => {
    expect(rate(3, 5)).toBe('Compareceram 60% dos confirmados.');
    expect(rate(2, 3)).toBe('Compareceram 67% dos confirmados.');
    expect(rate(5, 5)).toBe('Compareceram 100% dos confirmados.');
    expect(rate(0, 5)).toBe('Compareceram 0% dos confirmados.');
  });

  it('never says 100% while someone confirmed did not come, nor 0% when someone did', () => {
    // A big event: 3 no-shows among 1,000, 1 among 5,000.
    expect(rate(997, 1_000)).toBe('Compareceram 99,7% dos confirmados.');
    expect(rate(199, 200)).toBe('Compareceram 99,5% dos confirmados.');
    expect(rate(4_999, 5_000)).toBe('Compareceram 99,9% dos confirmados.');
    expect(rate(1, 1_000)).toBe('Compareceram 0,1% dos confirmados.');
    expect(rate(1, 5_000)).toBe('Compareceram 0,1% dos confirmados.');
  });
});

describe('the entries outside the event’s window', () => {
  it('are named, in the singular for one', () => {
    const { outsideWindow } = resultsTexts.outcome;
    expect(outsideWindow(1)).toBe(
      '1 entrada registrada fora do período do evento (de 12 horas antes do início a 12 horas depois do fim) não conta aqui.',
    );
    expect(outsideWindow(3)).toMatch(/^3 entradas registradas fora .* não contam aqui\.$/);
  });
});
