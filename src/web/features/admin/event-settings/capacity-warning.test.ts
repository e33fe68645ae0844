import { describe, expect, it } from 'vitest';
import { capacityWarning, seatsTaken } from './capacity-warning.ts';

describe('the warning for a capacity below the seats taken', () => {
  it('says nothing while every confirmed and offered seat fits, without a limit, or before a number', () => {
    const taken = { confirmed: 8, offered: 2 };
    for (const typed of ['10', '11', ' 500 ', '', 'abc', '0', '1.5']) {
      expect(capacityWarning(typed, taken), typed).toBeUndefined();
    }
    expect(capacityWarning('1', { confirmed: 0, offered: 0 })).toBeUndefined();
  });

  it('counts the seats offered to the waiting list, and how many of them can still be confirmed', () => {
    expect(capacityWarning('9', { confirmed: 8, offered: 2 })).toBe(
      'Atenção: já há 8 pessoas confirmadas e 2 vagas oferecidas a quem estava na lista de espera, mais que 9 vagas. Ninguém perde a vaga oferecida, mas só 1 dessas pessoas poderá ser confirmada até que vagas se liberem.',
    );
    expect(capacityWarning('8', { confirmed: 5, offered: 4 })).toContain(
      'só 3 dessas pessoas poderão ser confirmadas',
    );
    expect(capacityWarning('1', { confirmed: 1, offered: 1 })).toBe(
      'Atenção: já há 1 pessoa confirmada e 1 vaga oferecida a quem estava na lista de espera, mais que 1 vaga. Ninguém perde a vaga oferecida, mas nenhuma dessas pessoas poderá ser confirmada até que vagas se liberem.',
    );
  });

  it('says that nobody is un-confirmed when the confirmed alone pass it', () => {
    expect(capacityWarning('1000', { confirmed: 1200, offered: 0 })).toBe(
      'Atenção: já há 1.200 pessoas confirmadas, mais que 1.000 vagas. Ninguém perde a confirmação, mas ninguém mais poderá ser confirmado até as confirmadas ficarem abaixo de 1.000.',
    );
    expect(capacityWarning('2', { confirmed: 3, offered: 2 })).toContain(
      ', nem quem recebeu uma das 2 vagas oferecidas da lista de espera.',
    );
  });

  it('counts the confirmed and the pending moved off the waiting list, nobody else', () => {
    const row = (status: string, promoted_at: string | null) =>
      ({ status, promoted_at }) as Parameters<typeof seatsTaken>[0][number];
    expect(
      seatsTaken([
        row('confirmed', null),
        row('confirmed', '2027-01-01T00:00:00.000Z'),
        row('pending', '2027-01-01T00:00:00.000Z'),
        row('pending', null),
        row('waitlisted', null),
        row('cancelled', '2027-01-01T00:00:00.000Z'),
      ]),
    ).toEqual({ confirmed: 2, offered: 1 });
  });
});
