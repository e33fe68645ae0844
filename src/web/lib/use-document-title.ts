import { createContext, useContext, useEffect } from 'react';

/** Given by the server's render (entry-server.tsx): it writes the page's <title> tag. */
export const DocumentTitleContext = createContext<((title: string) => void) | null>(null);

/** Sets the tab's title while the page is shown: 'Inscrição · Build Safe'. */
export function useDocumentTitle(title: string): void {
  useContext(DocumentTitleContext)?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
