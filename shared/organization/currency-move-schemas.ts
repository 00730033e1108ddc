// Moving a clinic from a currency that has ended to its successor (GET and POST
// /organization/currency-move, owner only): what would be converted, and the move itself.
import * as z from 'zod/mini';
import { CURRENCIES } from '../currency';
import { pure } from '../common/schemas';
import { currency } from './schemas';

/** One price to convert: the old amount and the new one, in minor units (main price only; the deposit and fees move alike). */
export const currencyMovePriceRecord = /* @__PURE__ */ pure(() => z.object({
  kind: z.enum(['booking-package', 'form-package', 'service']),
  id: z.string(),
  name: z.string(),
  fromMinor: z.number(),
  toMinor: z.number(),
}));

/** The move on offer: from the clinic's ended currency to its successor, at the fixed rate, and the prices it converts. */
export const currencyMoveRecord = /* @__PURE__ */ pure(() => z.object({
  from: z.enum(CURRENCIES),
  to: z.enum(CURRENCIES),
  /** Units of `from` for one of `to` ('1.95583'). */
  rate: z.string(),
  /** The day `from` ended (YYYY-MM-DD). */
  endedOn: z.string(),
  prices: z.array(currencyMovePriceRecord),
}));

/** `data` of GET /organization/currency-move: the move, or null when the clinic's currency has not ended. */
export const getCurrencyMoveReply = /* @__PURE__ */ pure(() => z.nullable(currencyMoveRecord));

/** POST /organization/currency-move: the ended currency the owner saw in the preview (a move from another is refused). */
export const currencyMoveSchema = /* @__PURE__ */ pure(() => z.object({ from: currency }));

/** `data` of POST /organization/currency-move: the clinic's currency now and how many prices this request converted (0 on a retry). */
export const moveCurrencyReply = /* @__PURE__ */ pure(() => z.object({ currency: z.enum(CURRENCIES), converted: z.number() }));
