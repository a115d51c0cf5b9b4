import { TERMS_BASE_DATE } from './constants.ts'

/** The terms version date: the later of the base date and the company's added date (spec section 4). */
export function termsVersionDate(companyAdded: string | Date | null | undefined): Date {
  const base = new Date(TERMS_BASE_DATE)
  if (!companyAdded) return base
  const added = new Date(companyAdded)
  if (Number.isNaN(added.getTime())) return base
  return added > base ? added : base
}
