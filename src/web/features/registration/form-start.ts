// A form the server shows again, filled, after refusing the one the browser posted itself without
// script (POST /convite, decision 0209).
import { createContext } from 'react';
import type { FormStart } from '@shared/rendered-page.ts';

/** Set only by the server's render of a refused form; the browser's app never has one. */
export const FormStartContext = createContext<FormStart | null>(null);
