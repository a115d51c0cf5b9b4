import type { FastifyInstance } from 'fastify'

/** Parses application/x-www-form-urlencoded bodies (a PSP's webhook, a plain HTML form) into an object. */
export function acceptFormBodies(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))))
  })
}
