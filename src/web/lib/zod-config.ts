// Imported first by each page that validates with zod: it would otherwise probe `new Function` once, which the CSP
// (no eval) reports as a violation. Parsing without JIT is plenty fast for a form.
import { z } from 'zod';

z.config({ jitless: true });
