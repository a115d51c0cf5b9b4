/** The support phone as dialled: dashes and spaces removed (spec section 5). */
export function cleanPhone(phone: string): string {
  return phone.replace(/[\s-]/g, '')
}
