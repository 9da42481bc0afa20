/** The VAT rate every price, invoice and refund uses. */
export const TAX_RATE = 0.2;
