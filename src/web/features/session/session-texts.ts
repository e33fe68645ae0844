// The login form's texts, for the panel and the check-in screen alike.
export const sessionTexts = {
  login: {
    intro: 'Acesso restrito à organização do evento.',
    email: 'E-mail',
    password: 'Senha',
    submit: 'Entrar',
    submitting: 'Entrando...',
    failed: 'Não foi possível entrar. Tente novamente.',
  },
} as const;
