import { describe, expect, it } from 'vitest'
import { renderMail } from './mail-layout.ts'

const site = {
  settings: { name: 'LunaDate', support_email: 'help@lunadate.com' },
  company: { name: 'Luna BV' },
}
const content = {
  subject: 'S',
  greeting: 'Bonjour',
  paragraphs: ['Texte.'],
  button: { label: 'Activer mon compte', url: 'https://lunadate.com/activate' },
  footerLinks: [{ label: 'Se désabonner', url: 'https://lunadate.com/unsubscribe' }],
}

describe('a mail’s text part', () => {
  it('writes "label: link" as each language does: French with a narrow no-break space', () => {
    const fr = renderMail(site, 'fr', content).text
    expect(fr).toContain('Activer mon compte\u202f: https://lunadate.com/activate')
    expect(fr).toContain('Se désabonner\u202f: https://lunadate.com/unsubscribe')
    expect(renderMail(site, 'en', content).text).toContain(
      'Activer mon compte: https://lunadate.com/activate',
    )
  })
})
