import { z } from 'zod';
import { ZInvestmentThesis } from './thesis.ts';

/** GET and PUT /configuration/thesis answer the organisation's thesis (the default until one is saved). */
export const ZThesisResponse = z.object({
  success: z.literal(true),
  data: ZInvestmentThesis,
});
export type TThesisResponse = z.infer<typeof ZThesisResponse>;
