/** A terminal progress bar on stderr; on a non-terminal it prints a line every 10%. */
export function createProgressBar(label: string, stream: NodeJS.WriteStream = process.stderr) {
  const started = Date.now()
  let lastDecile = -1
  return (done: number, total: number) => {
    const ratio = total === 0 ? 1 : done / total
    const rate = Math.round(done / Math.max(0.001, (Date.now() - started) / 1000))
    const text = `${label} ${done.toLocaleString('en')}/${total.toLocaleString('en')} (${Math.round(ratio * 100)}%, ${rate.toLocaleString('en')}/s)`
    if (stream.isTTY) {
      const width = 30
      const filled = Math.round(ratio * width)
      stream.write(
        `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${text}${done >= total ? '\n' : ''}`,
      )
    } else {
      const decile = Math.floor(ratio * 10)
      if (decile !== lastDecile) {
        lastDecile = decile
        stream.write(`${text}\n`)
      }
    }
  }
}
