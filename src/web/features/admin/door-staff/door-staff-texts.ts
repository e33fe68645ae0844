// The texts of the panel's 'Contas da portaria' screen: the door's address and its QR code.

export const doorStaffTexts = {
  /** The screen's name in the top menu and its title. */
  heading: 'Contas da portaria',
  addressHeading: 'Endereço da portaria',
  addressIntro:
    'Envie este endereço a quem trabalha na entrada, ou mostre o código QR para abrir no celular.',
  qrLabel: (url: string) => `Código QR do endereço ${url}`,
  qrLoading: 'Gerando o código QR...',
  qrFailed: 'Não foi possível gerar o código QR. O endereço acima funciona do mesmo jeito.',
  copy: 'Copiar endereço',
  copied: 'Endereço copiado.',
  copyFailed: 'Não foi possível copiar. Selecione o endereço e copie.',
} as const;
