// The first admin's page (the setup link's): its pt-BR texts.
export const setupTexts = {
  area: 'Painel Administrativo',
  title: 'Criar o primeiro administrador',
  intro:
    'Ainda não há nenhuma conta neste site. Crie a sua para configurar o evento: este link vale uma vez.',
  email: 'E-mail',
  password: 'Senha',
  passwordHint: 'Pelo menos 12 caracteres.',
  repeat: 'Repita a senha',
  mismatch: 'As senhas não conferem.',
  submit: 'Criar conta e entrar',
  submitting: 'Criando...',
  failed: 'Não foi possível criar a conta. Tente novamente.',
  linkGone:
    'Este link não vale mais: ele já foi usado, ou o servidor que o mostrou parou. Entre pelo painel, ou use o link novo que o servidor mostra ao iniciar.',
  toPanel: 'Ir para o painel',
} as const;
