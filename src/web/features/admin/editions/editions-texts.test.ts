import { describe, expect, it } from 'vitest';
import { editionsTexts } from './editions-texts.ts';

const { change } = editionsTexts.edition;

describe("the event's history", () => {
  it('names each changed setting by its label, never its help text (issue 31.10)', () => {
    expect(change('updated', ['capacity', 'venue'])).toBe('alterou Vagas, Local');
    expect(change('created', ['name', 'date'])).toBe('criou a edição (Nome do evento, Data)');
    expect(change('created', [])).toBe('criou a edição');
  });

  it("names a setting this panel does not know (a later release's) by its name", () => {
    expect(change('updated', ['sponsorLogo'])).toBe('alterou sponsorLogo');
  });
});
