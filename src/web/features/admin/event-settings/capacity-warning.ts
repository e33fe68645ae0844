// What the organizer is told when the capacity typed is below the seats already taken: the
// confirmed, and the seats offered to people moved off the waiting list (decision 0160). Saving
// it un-confirms nobody and withdraws no offer (decision 0163); it only stops confirmations
// until enough seats free. Counted from the panel's live list of the current edition.
import { counted } from '@shared/plural.ts';
import type { Registration } from '@shared/registration.schema.ts';

export interface SeatsTaken {
  confirmed: number;
  /** Pending people a freed seat was offered to (`promoted_at`). */
  offered: number;
}

export function seatsTaken(list: readonly Registration[]): SeatsTaken {
  let confirmed = 0;
  let offered = 0;
  for (const r of list) {
    if (r.status === 'confirmed') confirmed += 1;
    else if (r.status === 'pending' && r.promoted_at !== null) offered += 1;
  }
  return { confirmed, offered };
}

const people = { one: 'pessoa confirmada', other: 'pessoas confirmadas' };
const seats = { one: 'vaga', other: 'vagas' };
const number = new Intl.NumberFormat('pt-BR');

/**
 * The warning for the capacity as typed (the field's text), or undefined: no limit, not a number
 * yet, or enough seats for everyone who holds one.
 */
export function capacityWarning(typed: string, taken: SeatsTaken): string | undefined {
  if (!/^\s*\d+\s*$/.test(typed)) return undefined;
  const capacity = Number(typed);
  const { confirmed, offered } = taken;
  if (capacity < 1 || confirmed + offered <= capacity) return undefined;
  if (confirmed > capacity) {
    const offers =
      offered === 0
        ? ''
        : offered === 1
          ? ', nem quem recebeu a vaga oferecida da lista de espera'
          : `, nem quem recebeu uma das ${offered} vagas oferecidas da lista de espera`;
    return (
      `Atenção: já há ${counted(confirmed, people)}, mais que ${counted(capacity, seats)}. ` +
      `Ninguém perde a confirmação, mas ninguém mais poderá ser confirmado até as confirmadas ` +
      `ficarem abaixo de ${number.format(capacity)}${offers}.`
    );
  }
  const free = capacity - confirmed;
  const who =
    free === 0
      ? 'nenhuma dessas pessoas poderá ser confirmada'
      : free === 1
        ? 'só 1 dessas pessoas poderá ser confirmada'
        : `só ${free} dessas pessoas poderão ser confirmadas`;
  return (
    `Atenção: já há ${counted(confirmed, people)} e ` +
    `${counted(offered, { one: 'vaga oferecida', other: 'vagas oferecidas' })} a quem estava na ` +
    `lista de espera, mais que ${counted(capacity, seats)}. Ninguém perde a vaga oferecida, mas ` +
    `${who} até que vagas se liberem.`
  );
}
