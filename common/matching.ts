/** The genders a member looks for, from their gender and sexuality (straight when not given). */
export function gendersSought(gender: string, sexuality: string | null | undefined): string[] {
  if (sexuality === 'gay') return [gender]
  if (sexuality === 'bisexual') return ['female', 'male']
  return [gender === 'female' ? 'male' : 'female']
}
