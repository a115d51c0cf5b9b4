import type { FastifyInstance } from 'fastify'

/**
 * SIGTERM or SIGINT (a deploy, a scale-down, Ctrl-C): the node stops taking connections, tells its
 * sockets to reconnect elsewhere, answers every request it has already received, then closes the
 * database and the rest and exits (ADR 22). A second signal exits at once.
 */
export function stopOnSignals(app: FastifyInstance) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: stopping`)
      for (const again of ['SIGINT', 'SIGTERM'] as const) process.once(again, () => process.exit(1))
      app.drain().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'stopping failed')
          process.exit(1)
        },
      )
    })
  }
}
