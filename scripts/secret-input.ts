// A secret a command asks for without it ever being on its command line (npm echoes that, with the
// arguments, to the terminal and any log: issue 55, point 8): typed at a hidden prompt, or read
// from a file, or from standard input when it is no terminal (a pipe, a script).
import { readFileSync } from 'node:fs'

/** The first line of a file (`-`: standard input), without its line ending. */
export function secretFromFile(file: string): string {
  const text = readFileSync(file === '-' ? 0 : file, 'utf8')
  return text.split(/\r?\n/)[0] ?? ''
}

/** One line typed at the terminal, not shown; Ctrl-C ends the command. */
function hiddenLine(question: string): Promise<string> {
  const { stdin, stderr } = process
  // The terminal stops echoing before the question shows: what is typed the moment it shows (a
  // quick typist, a paste) is never on the screen.
  stdin.setRawMode(true)
  stderr.write(question)
  stdin.setEncoding('utf8')
  stdin.resume()
  return new Promise((resolve) => {
    let value = ''
    const finish = () => {
      stdin.off('data', onData)
      stdin.setRawMode(false)
      stdin.pause()
      stderr.write('\n')
    }
    const onData = (chunk: string) => {
      for (const c of chunk) {
        if (c === '\r' || c === '\n') {
          finish()
          resolve(value)
          return
        }
        if (c === '\u0003') {
          finish()
          process.exit(130)
        }
        if (c === '\u007f' || c === '\b') value = [...value].slice(0, -1).join('')
        else if (c >= ' ') value += c
      }
    }
    stdin.on('data', onData)
  })
}

/**
 * A new secret: at a terminal, typed twice at a hidden prompt (until both match); otherwise the
 * first line of standard input.
 */
export async function newSecret(label: string): Promise<string> {
  if (!process.stdin.isTTY) return secretFromFile('-')
  for (;;) {
    const first = await hiddenLine(`${label}: `)
    const again = await hiddenLine(`${label}, again: `)
    if (first === again) return first
    process.stderr.write('The two did not match; once more.\n')
  }
}
