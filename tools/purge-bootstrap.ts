// Bootstrap's stylesheet without the rules no page of ours can match (issue 19, ADR 21): 230 KB
// (30 KiB gzipped) of render-blocking CSS on every page, of which we use about a third.
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PurgeCSS } from 'purgecss'
import type { Plugin } from 'vite'

const ROOT = path.resolve(import.meta.dirname, '..')
const SOURCE = path.join(ROOT, 'node_modules/bootstrap/dist/css/bootstrap.min.css')
/** The file app/root.tsx links (ignored by git: made by every build and dev server). */
const PURGED_BOOTSTRAP = path.join(ROOT, 'app/styles/bootstrap.generated.css')

/** Where class names are written: every page, component and string a page may render. */
const CONTENT = ['app/**/*.{ts,tsx,md}', 'common/**/*.{ts,json}']

/**
 * Names a page uses without writing them whole in the sources (keep this list in step with them):
 * `text-${kind}-emphasis` for status lines, `modal-${size}` in the Modal component. And every HTML
 * element, so that Bootstrap's reboot styles what markdown content pages render (hr, blockquote…).
 */
const SAFELIST = [
  /^text-(primary|secondary|success|danger|warning|info|light|dark)-emphasis$/,
  /^modal-(sm|lg|xl)$/,
]
const ELEMENTS = `html body main header footer nav section article aside h1 h2 h3 h4 h5 h6 p hr abbr
  address ol ul li dl dt dd blockquote b strong em i small mark sub sup a pre code kbd samp figure
  figcaption img svg table caption thead tbody tfoot tr th td label button input select optgroup
  textarea fieldset legend output progress summary details iframe`.split(/\s+/)

/** The stylesheet with only the rules whose classes, ids and attributes appear in CONTENT. */
export async function purgeBootstrap(): Promise<string> {
  const [result] = await new PurgeCSS().purge({
    content: CONTENT.map((glob) => path.join(ROOT, glob)),
    css: [{ raw: await readFile(SOURCE, 'utf8') }],
    safelist: { standard: [...SAFELIST, ...ELEMENTS] },
  })
  return result.css
}

/**
 * Writes PURGED_BOOTSTRAP before a build (purged) or a dev server (whole, so that a class just
 * written works at once), so that the file's hash in its name follows its content.
 */
export function purgeBootstrapPlugin(): Plugin {
  let written: Promise<void> | null = null
  let command: 'build' | 'serve' = 'build'
  return {
    name: 'purge-bootstrap',
    configResolved(config) {
      command = config.command
    },
    buildStart() {
      written ??= (async () => {
        await mkdir(path.dirname(PURGED_BOOTSTRAP), { recursive: true })
        if (command === 'serve') await copyFile(SOURCE, PURGED_BOOTSTRAP)
        else await writeFile(PURGED_BOOTSTRAP, await purgeBootstrap())
      })()
      return written
    },
  }
}
