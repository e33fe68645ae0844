// The words the admin side counts registrations with, in every area's texts.
export const inscricoes = { one: 'inscrição', other: 'inscrições' };
export const number = new Intl.NumberFormat('pt-BR');
