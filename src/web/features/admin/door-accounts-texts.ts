// The texts of the door staff accounts, managed by admins from the panel.

/** Door staff accounts, managed by admins. */
export const doorAccountsTexts = {
  open: 'Contas da portaria',
  heading: 'Contas da portaria',
  intro:
    'Quem trabalha na entrada usa a tela /portaria: vê nomes e empresas, nunca telefones ou e-mails.',
  loading: 'Carregando contas...',
  failed: 'Não foi possível carregar as contas.',
  empty: 'Nenhuma conta da portaria ainda.',
  createdAt: (dateTime: string) => `Criada em ${dateTime}`,
  remove: 'Remover',
  removed: 'Conta removida.',
  removeFailed: 'Não foi possível remover a conta.',
  newHeading: 'Nova conta',
  email: 'E-mail',
  password: 'Senha',
  passwordHint: 'Pelo menos 12 caracteres.',
  create: 'Criar conta',
  creating: 'Criando...',
  created: 'Conta criada.',
  createFailed: 'Não foi possível criar a conta.',
} as const;
