/** The product's name as shown in headings. */
export const PRODUCT_NAME = 'SK Tanaw';
