// Which providers send the site's messages (e-mail, WhatsApp Business), and whether the WhatsApp
// ticket carries the person's own link: booleans the server writes into every page as JSON, so
// the privacy page can say who receives what. Under `vite dev` there is none: no provider.
import { createContext, useContext } from 'react';
import { noMessageProviders, type MessageProviders } from '@shared/rendered-page.ts';

const elementId = 'message-providers';

export function readMessageProviders(): MessageProviders {
  const text = document.getElementById(elementId)?.textContent ?? '';
  try {
    const served: unknown = JSON.parse(text);
    if (typeof served === 'object' && served !== null) {
      const { email, whatsapp, whatsappPersonalLink } = served as Partial<MessageProviders>;
      return {
        email: email === true,
        whatsapp: whatsapp === true,
        whatsappPersonalLink: whatsappPersonalLink === true,
      };
    }
  } catch {
    // Not served by our server.
  }
  return noMessageProviders;
}

export const MessageProvidersContext = createContext<MessageProviders>(noMessageProviders);

export function useMessageProviders(): MessageProviders {
  return useContext(MessageProvidersContext);
}
